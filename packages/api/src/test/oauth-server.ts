// A real OAuth2 authorization server for the mail-in tests: oidc-provider, with the client-credentials grant
// (Microsoft 365 app-only), refresh tokens (Google, delegated Microsoft 365) and token introspection, which
// the test dovecot (dovecot.ts, `oauth2`) asks to check each XOAUTH2 login (docs/architecture.md §11a).
import { generateKeyPairSync } from "node:crypto";
import type { Server } from "node:http";
import Provider from "oidc-provider";
import { MAILBOX_USER, freePort } from "./dovecot.js";

/** The poller's app registration: it authenticates with client_secret_post. */
export const POLLER_CLIENT = { id: "helpdesk-poller", secret: "poller-secret-0123456789abcdef" };
/** The mail server's own registration, for introspection (HTTP Basic, as dovecot sends it). */
export const IMAP_SERVER_CLIENT = { id: "imap-server", secret: "imap-server-secret-0123456789" };
/** Lifetime of an access token, in seconds (a test moves the poller's clock rather than wait). */
export const ACCESS_TOKEN_SECONDS = 300;

export interface OAuthServer {
  tokenUrl: string;
  /** The introspection endpoint, with the mail server's credentials in it (dovecot's introspection_url). */
  introspectionUrl: string;
  /** A refresh token for the mailbox, as a completed consent (authorization code flow) would leave it. */
  issueRefreshToken(): Promise<string>;
  /** Every access token value the endpoint has handed out, in order. */
  issued: string[];
  /** Revokes an access token (what an admin or a password change does), before its expiry. */
  revoke(accessToken: string): Promise<void>;
  close(): Promise<void>;
}

export async function startOAuthServer(): Promise<OAuthServer> {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  // A signing key of its own: the tokens are opaque, but the provider wants one and warns about its default.
  const signingKey = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ format: "jwk" });
  const provider = new Provider(issuer, {
    jwks: { keys: [{ ...signingKey, kid: "test", alg: "RS256", use: "sig" }] },
    clients: [
      {
        client_id: POLLER_CLIENT.id,
        client_secret: POLLER_CLIENT.secret,
        grant_types: ["client_credentials", "refresh_token", "authorization_code"],
        response_types: ["code"],
        redirect_uris: ["https://helpdesk.example/callback"],
        token_endpoint_auth_method: "client_secret_post",
        scope: "openid offline_access imap",
      },
      {
        client_id: IMAP_SERVER_CLIENT.id,
        client_secret: IMAP_SERVER_CLIENT.secret,
        grant_types: [],
        response_types: [],
        redirect_uris: [],
        token_endpoint_auth_method: "client_secret_basic",
      },
    ],
    scopes: ["openid", "offline_access", "imap"],
    features: {
      clientCredentials: { enabled: true },
      introspection: { enabled: true },
      revocation: { enabled: true },
      devInteractions: { enabled: false },
    },
    findAccount: (_ctx, sub) => ({ accountId: sub, claims: () => ({ sub }) }),
    // The mailbox a token opens, as the claim dovecot reads (username_attribute = email). A client-credentials
    // token has no subject; this stands for the mailbox permission Exchange grants an app.
    extraTokenClaims: (_ctx, token) => ({ email: ("accountId" in token && token.accountId) || MAILBOX_USER }),
    // Rotation on every use, so the poller must keep the newest refresh token.
    rotateRefreshToken: true,
    ttl: {
      AccessToken: ACCESS_TOKEN_SECONDS,
      ClientCredentials: ACCESS_TOKEN_SECONDS,
      RefreshToken: 3600,
      Grant: 3600,
    },
  });
  const issued: string[] = [];
  provider.on("access_token.saved", (token) => issued.push((token as { jti: string }).jti));
  provider.on("client_credentials.saved", (token) => issued.push((token as { jti: string }).jti));
  const server = await new Promise<Server>((resolve) => {
    const s = provider.listen(port, "127.0.0.1", () => resolve(s));
  });
  return {
    tokenUrl: `${issuer}/token`,
    introspectionUrl: `http://${IMAP_SERVER_CLIENT.id}:${IMAP_SERVER_CLIENT.secret}@127.0.0.1:${port}/token/introspection`,
    issued,
    async issueRefreshToken() {
      const grant = new provider.Grant({ accountId: MAILBOX_USER, clientId: POLLER_CLIENT.id });
      grant.addOIDCScope("openid offline_access");
      const grantId = await grant.save();
      const client = await provider.Client.find(POLLER_CLIENT.id);
      if (!client) throw new Error(`the test provider lost its client ${POLLER_CLIENT.id}`);
      return new provider.RefreshToken({
        accountId: MAILBOX_USER,
        client,
        grantId,
        gty: "authorization_code",
        scope: "openid offline_access",
      }).save();
    },
    async revoke(accessToken) {
      const token =
        (await provider.AccessToken.find(accessToken)) ?? (await provider.ClientCredentials.find(accessToken));
      await token?.destroy();
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
