// The poller's token source against a real token endpoint (oidc-provider, test/oauth-server.ts): what it
// asks for, how long it keeps a token, refresh-token rotation, and errors that name no secret.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../test/dovecot.js";
import { ACCESS_TOKEN_SECONDS, type OAuthServer, POLLER_CLIENT, startOAuthServer } from "../../test/oauth-server.js";
import { EXPIRY_MARGIN_MS, OAuthTokenError, oauthTokenSource } from "./oauth-token.js";

let oauth: OAuthServer;
beforeAll(async () => {
  oauth = await startOAuthServer();
});
afterAll(() => oauth?.close());

/** A clock the test moves, so a token "expires" without waiting for it. */
function clock() {
  let offset = 0;
  return {
    now: () => Date.now() + offset,
    advance: (ms: number) => {
      offset += ms;
    },
  };
}

const settings = () => ({ tokenUrl: oauth.tokenUrl, clientId: POLLER_CLIENT.id, clientSecret: POLLER_CLIENT.secret });

describe("OAuth2 access token for the IMAP poller", () => {
  it("client credentials: keeps the token until a minute before it expires, then fetches a new one", async () => {
    const time = clock();
    const source = oauthTokenSource({ ...settings(), scope: "imap" }, time.now);
    const before = oauth.issued.length;
    const first = await source.get();
    expect(oauth.issued.at(-1)).toBe(first);
    expect(await source.get()).toBe(first);
    time.advance(ACCESS_TOKEN_SECONDS * 1000 - EXPIRY_MARGIN_MS - 5_000);
    expect(await source.get()).toBe(first);
    time.advance(10_000);
    const second = await source.get();
    expect(second).not.toBe(first);
    expect(oauth.issued.length - before).toBe(2);
  });

  it("asked for a fresh token, forgets the cached one", async () => {
    const source = oauthTokenSource(settings());
    const first = await source.get();
    const second = await source.get({ fresh: true });
    expect(second).not.toBe(first);
    expect(await source.get()).toBe(second);
  });

  it("callers at the same time share one request", async () => {
    const source = oauthTokenSource(settings());
    const before = oauth.issued.length;
    const tokens = await Promise.all([source.get(), source.get(), source.get()]);
    expect(new Set(tokens).size).toBe(1);
    expect(oauth.issued.length - before).toBe(1);
  });

  it("refresh token: keeps using the rotated refresh token the endpoint returns", async () => {
    // oidc-provider rotates on every use and treats a reused refresh token as theft, revoking the grant:
    // three refreshes in a row only work if each uses the newest refresh token.
    const source = oauthTokenSource({ ...settings(), refreshToken: await oauth.issueRefreshToken() });
    const tokens = [await source.get(), await source.get({ fresh: true }), await source.get({ fresh: true })];
    expect(new Set(tokens).size).toBe(3);
  });

  it("a refresh token used up elsewhere fails with the endpoint's reason", async () => {
    const refreshToken = await oauth.issueRefreshToken();
    await oauthTokenSource({ ...settings(), refreshToken }).get();
    const error = await oauthTokenSource({ ...settings(), refreshToken })
      .get()
      .catch((e: unknown) => e as Error);
    expect(error).toBeInstanceOf(OAuthTokenError);
    expect((error as Error).message).toMatch(/refused refresh_token with HTTP 400 \(invalid_grant/);
    expect((error as Error).message).not.toContain(refreshToken);
  });

  it("a wrong secret fails, names the endpoint and the reason, and not the secret", async () => {
    const error = await oauthTokenSource({ ...settings(), clientSecret: "wrong-secret-xyz" })
      .get()
      .catch((e: unknown) => e as Error);
    expect(error).toBeInstanceOf(OAuthTokenError);
    expect((error as Error).message).toMatch(
      /^OAuth2 token endpoint http:\/\/127\.0\.0\.1:\d+\/token refused client_credentials with HTTP 401 \(invalid_client/,
    );
    expect((error as Error).message).not.toContain("wrong-secret-xyz");
  });

  it("an unreachable endpoint fails the call, and the next call tries again", async () => {
    const port = await freePort();
    const source = oauthTokenSource({ ...settings(), tokenUrl: `http://127.0.0.1:${port}/token` });
    await expect(source.get()).rejects.toThrow(
      /token endpoint http:\/\/127\.0\.0\.1:\d+\/token unreachable \(client_credentials\): ECONNREFUSED/,
    );
    await expect(source.get()).rejects.toThrow(OAuthTokenError);
  });
});
