import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as oidc from "openid-client";
import { clients, eq, rateLimits, signInEvents, users } from "@repo/db";
import { startTestServer, type TestServer } from "../test/harness.js";
import { PUBLIC_LIMITS } from "./rate-limit.js";
import {
  ssoTestClient,
  ssoTestConfig,
  startIdentityProvider,
  type TestAccount,
  type TestIdentityProvider,
} from "../test/identity-provider.js";
import { log } from "../logger.js";
import { expectRefused } from "../test/refusals.js";

let server: TestServer;
let idp: TestIdentityProvider;
const OTHER_REDIRECT = "http://other.example/callback";

beforeAll(async () => {
  idp = await startIdentityProvider();
  server = await startTestServer({ config: ssoTestConfig(idp.issuer) });
  idp.start([
    ssoTestClient(server.url),
    // Another application at the same provider: its ID tokens are not for us.
    {
      client_id: "other-app",
      client_secret: "other-secret",
      redirect_uris: [OTHER_REDIRECT],
      token_endpoint_auth_method: "client_secret_post",
    },
  ]);
});
afterAll(async () => {
  await server?.close();
  await idp?.close();
});

const account = (email: string, extra: Partial<TestAccount> = {}): TestAccount => ({
  sub: `sub-${email}`,
  email,
  email_verified: true,
  ...extra,
});

/** GET /api/auth/sso/{provider}: the provider's address and the browser's binding cookie. */
async function begin(provider: string, portal: "client" | "staff") {
  const res = await server.request(`/api/auth/sso/${provider}?portal=${portal}`, { redirect: "manual" });
  expect(res.status).toBe(302);
  const cookie = res.headers.get("set-cookie")!.split(";")[0]!;
  expect(res.headers.get("set-cookie")).toMatch(/^sso_flow=\w+\.[\w-]+; Path=\/api\/auth\/sso; HttpOnly; SameSite=Lax/);
  return { authorizeUrl: new URL(res.headers.get("location")!), cookie };
}

/** Back at our callback with the provider's answer, as the browser would arrive. */
async function callback(callbackUrl: URL, cookie: string) {
  const res = await fetch(callbackUrl, { redirect: "manual", headers: { cookie } });
  expect(res.status).toBe(302);
  return { res, location: new URL(res.headers.get("location")!, server.url) };
}

async function signIn(provider: string, portal: "client" | "staff", who: TestAccount) {
  const { authorizeUrl, cookie } = await begin(provider, portal);
  idp.signInAs(who);
  const back = await idp.authorize(authorizeUrl.href);
  expect(back.href.startsWith(`${server.url}/api/auth/sso/${provider}/callback?`)).toBe(true);
  return { back, cookie, ...(await callback(back, cookie)) };
}

const ssoError = (location: URL) => location.searchParams.get("sso_error");

async function lastSignIn(email: string) {
  const rows = await server.services.db.select().from(signInEvents).where(eq(signInEvents.email, email));
  return rows.sort((a, b) => +a.createdAt - +b.createdAt).at(-1);
}

describe("single sign-on", () => {
  it("lists the providers that are set up", async () => {
    const res = await server.request("/api/auth/sso-providers");
    expect(await res.json()).toEqual([
      { id: "microsoft", label: "Microsoft" },
      { id: "google", label: "Google" },
    ]);
  });

  it("sends the browser to the provider with PKCE, state and nonce", async () => {
    const { authorizeUrl } = await begin("google", "staff");
    expect(authorizeUrl.origin).toBe(idp.issuer);
    const params = authorizeUrl.searchParams;
    expect(params.get("client_id")).toBe("helpdesk");
    expect(params.get("code_challenge_method")).toBe("S256");
    expect(params.get("state")).toMatch(/.{20,}/);
    expect(params.get("nonce")).toMatch(/.{20,}/);
    expect(params.get("redirect_uri")).toBe(`${server.url}/api/auth/sso/google/callback`);
  });

  it("signs a staff member in: a session in the fragment, the cookie, the sign-in log", async () => {
    const { res, location } = await signIn("google", "staff", account("Agent@Northwind.test"));
    expect(location.pathname).toBe("/sso-complete");
    expect(location.search).toBe("?portal=staff");
    const fragment = new URLSearchParams(location.hash.slice(1));
    const token = fragment.get("token")!;
    expect(token).toMatch(/^[a-z2-7]{32}$/);
    expect(fragment.get("email")).toBe("agent@northwind.test");
    expect(fragment.get("role")).toBe("AGENT");
    expect(res.headers.getSetCookie().some((c) => c.startsWith(`session=${token};`))).toBe(true);
    const me = await server.request("/api/auth/me", { token });
    expect(((await me.json()) as { email: string }).email).toBe("agent@northwind.test");
    expect(await lastSignIn("agent@northwind.test")).toMatchObject({ method: "sso", outcome: "success" });
  });

  it("signs a client user in to the client portal, with Microsoft's verified-domain claim", async () => {
    const who = account("client@birch.test", { email_verified: undefined, xms_edov: true });
    const { location } = await signIn("microsoft", "client", who);
    expect(location.pathname).toBe("/sso-complete");
    expect(location.search).toBe("?portal=client");
    expect(new URLSearchParams(location.hash.slice(1)).get("role")).toBe("CLIENT");
  });

  it("refuses the wrong portal, as the password sign-in does, and logs it", async () => {
    const { location } = await signIn("google", "staff", account("client@birch.test"));
    expect(location.pathname).toBe("/admin");
    expect(ssoError(location)).toMatch(/Clients sign in at \/client-auth/);
    expect(await lastSignIn("client@birch.test")).toMatchObject({ method: "sso", outcome: "refused" });
  });

  it("refuses an address without an account: nobody signs up here", async () => {
    const { location } = await signIn("google", "client", account("stranger@example.com"));
    expect(location.pathname).toBe("/client-auth");
    expect(ssoError(location)).toBe(
      "No account here uses stranger@example.com. Ask your administrator to add you, then sign in again.",
    );
    const [user] = await server.services.db.select().from(users).where(eq(users.email, "stranger@example.com"));
    expect(user).toBeUndefined();
  });

  it("refuses an address the provider did not verify", async () => {
    const google = await signIn("google", "staff", account("admin@northwind.test", { email_verified: false }));
    expect(ssoError(google.location)).toMatch(/Google account did not confirm a verified email/);
    // Microsoft's email claim alone proves nothing: it needs email_verified or xms_edov.
    const microsoft = await signIn(
      "microsoft",
      "staff",
      account("admin@northwind.test", { email_verified: undefined }),
    );
    expect(ssoError(microsoft.location)).toMatch(/Microsoft account did not confirm a verified email/);
    expect(microsoft.location.hash).toBe("");
  });

  it("refuses a deactivated account", async () => {
    await server.services.db.update(users).set({ active: false }).where(eq(users.email, "viewer@northwind.test"));
    const { location } = await signIn("google", "staff", account("viewer@northwind.test"));
    expect(ssoError(location)).toMatch(/deactivated/);
    expect(await lastSignIn("viewer@northwind.test")).toMatchObject({ method: "sso", outcome: "refused" });
  });

  it("refuses a replayed state", async () => {
    const first = await signIn("google", "staff", account("agent@northwind.test"));
    expect(first.location.pathname).toBe("/sso-complete");
    const again = await callback(first.back, first.cookie);
    expect(again.location.pathname).toBe("/admin");
    expect(ssoError(again.location)).toBe("This sign-in has expired or was already used. Please start again.");
  });

  it("refuses a callback from another browser (no binding cookie)", async () => {
    const { authorizeUrl } = await begin("google", "staff");
    idp.signInAs(account("agent@northwind.test"));
    const back = await idp.authorize(authorizeUrl.href);
    const other = await begin("google", "staff");
    const { location } = await callback(back, other.cookie);
    expect(ssoError(location)).toMatch(/expired or was already used/);
  });

  it("refuses an ID token issued to another application (wrong audience)", async () => {
    const warn = vi.spyOn(log, "warn").mockImplementation(() => undefined);
    const { authorizeUrl, cookie } = await begin("google", "staff");
    const who = account("agent@northwind.test");
    // A genuine, signed ID token of the same provider, with our nonce, but for "other-app".
    idp.signInAs(who);
    const verifier = oidc.randomPKCECodeVerifier();
    const otherUrl = new URL(`${idp.issuer}/auth`);
    otherUrl.search = new URLSearchParams({
      client_id: "other-app",
      redirect_uri: OTHER_REDIRECT,
      response_type: "code",
      scope: "openid email",
      nonce: authorizeUrl.searchParams.get("nonce")!,
      state: "other-state",
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: "S256",
    }).toString();
    const otherBack = await idp.authorize(otherUrl.href);
    const tokenRes = await fetch(`${idp.issuer}/token`, {
      method: "POST",
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code: otherBack.searchParams.get("code")!,
        redirect_uri: OTHER_REDIRECT,
        code_verifier: verifier,
        client_id: "other-app",
        client_secret: "other-secret",
      }),
    });
    const { id_token } = (await tokenRes.json()) as { id_token: string };
    expect(id_token).toBeTruthy();

    idp.signInAs(who);
    idp.swapNextIdToken(id_token);
    const back = await idp.authorize(authorizeUrl.href);
    const { location } = await callback(back, cookie);
    expect(location.pathname).toBe("/admin");
    expect(ssoError(location)).toBe("The sign-in with your provider did not complete. Please try again.");
    expect((warn.mock.calls.at(-1)?.[0] as { reason?: string })?.reason).toMatch(/"aud"/);
    warn.mockRestore();
  });

  it("limits the sign-ins started from one address", async () => {
    const key = "sso:start:127.0.0.1";
    // As if this address had started its 30 already (the tests' requests all come from it).
    const count = PUBLIC_LIMITS.ssoStart.max;
    await server.services.db
      .insert(rateLimits)
      .values({ key, count, resetAt: new Date(Date.now() + 60_000) })
      .onConflictDoUpdate({ target: rateLimits.key, set: { count } });
    const res = await server.request("/api/auth/sso/google?portal=staff", { redirect: "manual" });
    expect(ssoError(new URL(res.headers.get("location")!, server.url))).toMatch(/Too many sign-ins were started/);
    await server.services.db.delete(rateLimits).where(eq(rateLimits.key, key));
  });

  it("says so when a provider is not set up", async () => {
    const res = await server.request("/api/auth/sso/github?portal=client", { redirect: "manual" });
    expect(res.status).toBe(302);
    expect(ssoError(new URL(res.headers.get("location")!, server.url))).toBe("This sign-in provider is not set up");
  });
});

describe("a company that requires single sign-on", () => {
  it("refuses its people's password sign-in, plainly, and SSO still works", async () => {
    const admin = await server.login("admin@northwind.test");
    const list = (await (await server.request("/api/clients", { token: admin })).json()) as {
      clients: { id: string; name: string; ssoRequired: boolean }[];
    };
    const acme = list.clients.find((c) => c.name === "Acme Dental")!;
    expect(acme.ssoRequired).toBe(false);
    const patch = await server.request(`/api/clients/${acme.id}`, {
      method: "PATCH",
      json: { ssoRequired: true },
      token: admin,
    });
    expect(((await patch.json()) as { ssoRequired: boolean }).ssoRequired).toBe(true);

    const res = await server.request("/api/client/login", {
      method: "POST",
      json: { email: "client@acme.test", password: "demo-password" },
    });
    await expectRefused(
      res,
      403,
      "Acme Dental signs in with single sign-on. Use Sign in with Microsoft or Google.",
      "FORBIDDEN",
    );
    // A wrong password still gets the usual answer: the refusal needs the right one.
    const wrong = await server.request("/api/client/login", {
      method: "POST",
      json: { email: "client@acme.test", password: "not-it" },
    });
    expect(wrong.status).toBe(401);
    // Another company's people are unaffected.
    expect(await server.login("client@birch.test")).toMatch(/^[a-z2-7]{32}$/);

    const { location } = await signIn("google", "client", account("client@acme.test"));
    expect(location.pathname).toBe("/sso-complete");
    await server.services.db.update(clients).set({ ssoRequired: false }).where(eq(clients.id, acme.id));
  });

  it("asks for our own second factor after a provider that did not say it ran MFA (ASVS 6.8.4)", async () => {
    const admin = await server.login("admin@northwind.test");
    const policy = (secondFactorRequired: string) =>
      server.request("/api/settings/security", { method: "PUT", json: { secondFactorRequired }, token: admin });
    expect((await policy("staff")).status).toBe(200);
    try {
      // Google sends no `amr`: the policy's factor is still to be set up, so a challenge, no session.
      const plain = await signIn("google", "staff", account("agent@northwind.test"));
      const fragment = new URLSearchParams(plain.location.hash.slice(1));
      expect([plain.location.pathname, fragment.get("secondFactor"), fragment.get("token")]).toEqual([
        "/sso-complete",
        "enrol",
        null,
      ]);
      expect(fragment.get("challenge")).toMatch(/^[a-z2-7]{32}$/);
      expect(plain.res.headers.getSetCookie().some((c) => c.startsWith("session="))).toBe(false);
      const started = await server.request("/api/auth/login/enrol", {
        method: "POST",
        json: { challenge: fragment.get("challenge") },
      });
      expect(started.status).toBe(200);

      // A provider whose token says it ran MFA is both factors: a session at once.
      const strong = await signIn("microsoft", "staff", account("agent@northwind.test", { amr: ["pwd", "mfa"] }));
      const session = new URLSearchParams(strong.location.hash.slice(1));
      expect([session.get("challenge"), session.get("role")]).toEqual([null, "AGENT"]);
      expect((await server.request("/api/auth/me", { token: session.get("token")! })).status).toBe(200);
    } finally {
      await policy("off");
    }
  });
});
