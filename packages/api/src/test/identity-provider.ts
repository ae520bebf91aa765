// A real OpenID Provider on a loopback port for the single sign-on tests (oidc-provider, the certified
// implementation), so the server meets discovery, signed ID tokens and PKCE as it would at Microsoft or
// Google. The only shortcut is the login page: the interaction route logs in whichever test account the
// test named, through the provider's own interaction API, instead of showing a form.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { once } from "node:events";
import Provider, { type ClientMetadata } from "oidc-provider";

/** The app as the test provider knows it: one client for both providers' callbacks. */
export const SSO_TEST_CLIENT = { id: "helpdesk", secret: "helpdesk-secret" } as const;

/** The server's settings for both providers, pointed at the test provider. */
export const ssoTestConfig = (issuer: string) => ({
  SSO_GOOGLE_CLIENT_ID: SSO_TEST_CLIENT.id,
  SSO_GOOGLE_CLIENT_SECRET: SSO_TEST_CLIENT.secret,
  SSO_GOOGLE_ISSUER: issuer,
  SSO_MICROSOFT_CLIENT_ID: SSO_TEST_CLIENT.id,
  SSO_MICROSOFT_CLIENT_SECRET: SSO_TEST_CLIENT.secret,
  SSO_MICROSOFT_ISSUER: issuer,
});

/** The app's registration at the test provider, once the app's address is known. */
export const ssoTestClient = (appUrl: string): ClientMetadata => ({
  client_id: SSO_TEST_CLIENT.id,
  client_secret: SSO_TEST_CLIENT.secret,
  redirect_uris: ["google", "microsoft"].map((p) => `${appUrl}/api/auth/sso/${p}/callback`),
  token_endpoint_auth_method: "client_secret_post",
});

export interface TestAccount {
  sub: string;
  email: string;
  email_verified?: boolean;
  xms_edov?: boolean;
  name?: string;
  /** How the provider says it authenticated the person (RFC 8176), e.g. ["pwd", "mfa"]; none by default. */
  amr?: string[];
}

export interface TestIdentityProvider {
  issuer: string;
  /** Registers the clients (their redirect URIs are known once the app listens) and starts answering. */
  start(clients: ClientMetadata[]): void;
  /** The account the next login interaction signs in. */
  signInAs(account: TestAccount): void;
  /** The next token response of the provider carries this ID token instead of its own. */
  swapNextIdToken(idToken: string): void;
  /**
   * Follows redirects from `url` through the provider (cookies kept, the login answered) until one
   * leaves it; answers that address.
   */
  authorize(url: string): Promise<URL>;
  close(): Promise<void>;
}

export async function startIdentityProvider(): Promise<TestIdentityProvider> {
  let handler: ((req: IncomingMessage, res: ServerResponse) => void) | null = null;
  const server: Server = createServer((req, res) => {
    if (handler) handler(req, res);
    else res.writeHead(503).end();
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const accounts = new Map<string, TestAccount>();
  let next: TestAccount | null = null;
  let swap: string | null = null;
  const jar = new Map<string, string>();

  const idp: TestIdentityProvider = {
    issuer,
    start(clients) {
      const provider = new Provider(issuer, {
        clients,
        features: { devInteractions: { enabled: false } },
        // Claims in the ID token itself, as Microsoft and Google send them.
        conformIdTokenClaims: false,
        // amr with openid, so the login result's `amr` reaches the ID token (as Entra ID sends it).
        claims: { openid: ["sub", "amr"], email: ["email", "email_verified", "xms_edov"], profile: ["name"] },
        findAccount: (_ctx, id) => {
          const account = accounts.get(id);
          return account ? { accountId: id, claims: () => ({ ...account }) } : undefined;
        },
        // The test account consents to whatever it is asked: only the login step is an interaction.
        loadExistingGrant: async (ctx) => {
          const accountId = ctx.oidc.session?.accountId;
          if (!accountId || !ctx.oidc.client) return undefined;
          const grant = new ctx.oidc.provider.Grant({ accountId, clientId: ctx.oidc.client.clientId });
          grant.addOIDCScope("openid email profile");
          await grant.save();
          return grant;
        },
        interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
        cookies: { keys: ["test-only-cookie-key"] },
        ttl: { Interaction: 600, Grant: 600, Session: 600, AccessToken: 600, IdToken: 600 },
      });
      const callback = provider.callback();
      handler = (req, res) => {
        if (req.url?.startsWith("/interaction/")) {
          if (!next) return void res.writeHead(400).end("no test account named");
          accounts.set(next.sub, next);
          const result = { login: { accountId: next.sub, ...(next.amr ? { amr: next.amr } : {}) } };
          void provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false });
          return;
        }
        if (req.method === "POST" && req.url === "/token" && swap) {
          const idToken = swap;
          swap = null;
          const end = res.end.bind(res) as (chunk?: unknown) => ServerResponse;
          res.end = ((chunk?: unknown) => {
            const body = JSON.parse(String(chunk)) as Record<string, unknown>;
            const text = JSON.stringify({ ...body, id_token: idToken });
            res.setHeader("content-length", Buffer.byteLength(text));
            return end(text);
          }) as typeof res.end;
        }
        callback(req, res);
      };
    },
    signInAs(account) {
      next = account;
      jar.clear();
    },
    swapNextIdToken(idToken) {
      swap = idToken;
    },
    async authorize(url) {
      let at = new URL(url);
      for (let hop = 0; hop < 10 && at.origin === issuer; hop++) {
        const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
        const res = await fetch(at, { redirect: "manual", headers: cookie ? { cookie } : {} });
        for (const line of res.headers.getSetCookie()) {
          const [pair] = line.split(";");
          const [name, ...value] = pair!.split("=");
          jar.set(name!.trim(), value.join("="));
        }
        const location = res.headers.get("location");
        if (!location) throw new Error(`the identity provider answered ${res.status}: ${await res.text()}`);
        at = new URL(location, at);
      }
      return at;
    },
    async close() {
      server.closeAllConnections();
      server.close();
      await once(server, "close");
    },
  };
  return idp;
}
