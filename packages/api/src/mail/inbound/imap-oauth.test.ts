// The IMAP door with an OAuth2 login against real parts: oidc-provider as the token endpoint (client
// credentials, as Microsoft 365 app-only access) and dovecot checking each XOAUTH2 token at oidc-provider's
// introspection endpoint (docs/architecture.md §11a).
import { inspect } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, tickets } from "@repo/db";
import { ACME } from "../../test/fixtures.js";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { startDovecot, type Dovecot } from "../../test/dovecot.js";
import { startOAuthServer, POLLER_CLIENT, type OAuthServer } from "../../test/oauth-server.js";
import { newMail } from "../../test/mails.js";
import { type ImapSettings, pollMailbox } from "./imap.js";
import { type AccessTokenSource, OAuthTokenError, oauthTokenSource } from "./oauth-token.js";

let server: TestServer;
let oauth: OAuthServer;
let dovecot: Dovecot;
let settings: ImapSettings;

beforeAll(async () => {
  oauth = await startOAuthServer();
  [server, dovecot] = await Promise.all([
    startTestServer(),
    startDovecot({ oauth2: { introspectionUrl: oauth.introspectionUrl } }),
  ]);
  settings = {
    url: dovecot.url,
    doneMailbox: "Processed",
    oauth: watched(
      oauthTokenSource({
        tokenUrl: oauth.tokenUrl,
        clientId: POLLER_CLIENT.id,
        clientSecret: POLLER_CLIENT.secret,
        scope: "imap",
      }),
    ),
  };
});
afterAll(async () => {
  dovecot?.close();
  await server?.close();
  await oauth?.close();
});

/** Each token the poller asked for: false = the cached one will do, true = a fresh one. */
const asked: boolean[] = [];

/** The token source, recording what the poller asks of it. */
function watched(source: AccessTokenSource): AccessTokenSource {
  return {
    get: (options) => {
      asked.push(options?.fresh ?? false);
      return source.get(options);
    },
  };
}

const titled = (title: string) => server.services.db.select().from(tickets).where(eq(tickets.title, title));

describe("mail in over IMAP with an OAuth2 token the poller fetches itself", () => {
  it("logs in with a client-credentials token and ingests the mail", async () => {
    await dovecot.deliver(await newMail(ACME, "Printer offline", "The printer on floor 2 is offline."));
    const round = await pollMailbox(server.services, settings).catch((error) => {
      throw new Error(`${error.message}\n${dovecot.log()}`);
    });
    expect(round.ingested).toMatchObject([{ outcome: "ticket" }]);
    expect(await titled("Printer offline")).toHaveLength(1);
    expect(await dovecot.count("INBOX")).toBe(0);
    expect(oauth.issued).toHaveLength(1);
  });

  it("reuses the cached token while it is valid", async () => {
    await dovecot.deliver(await newMail(ACME, "Second round", "Same token."));
    expect((await pollMailbox(server.services, settings)).ingested).toMatchObject([{ outcome: "ticket" }]);
    expect(oauth.issued).toHaveLength(1);
  });

  it("takes a fresh token when the mail server refuses the cached one, and retries the round once", async () => {
    await oauth.revoke(oauth.issued.at(-1)!);
    await dovecot.deliver(await newMail(ACME, "After the revocation", "Still works?"));
    asked.length = 0;
    const round = await pollMailbox(server.services, settings);
    expect(round.ingested).toMatchObject([{ outcome: "ticket" }]);
    expect(asked).toEqual([false, true]);
    expect(oauth.issued).toHaveLength(2);
    expect(await titled("After the revocation")).toHaveLength(1);
  });

  it("fails the round with a clear error on a wrong client secret, and leaves the mail in the mailbox", async () => {
    await dovecot.deliver(await newMail(ACME, "Wrong secret", "Should wait."));
    const wrong: ImapSettings = {
      ...settings,
      oauth: oauthTokenSource({ tokenUrl: oauth.tokenUrl, clientId: POLLER_CLIENT.id, clientSecret: "not-the-secret" }),
    };
    const error = await pollMailbox(server.services, wrong).then(
      () => null,
      (e: unknown) => e as Error,
    );
    expect(error).toBeInstanceOf(OAuthTokenError);
    expect(error!.message).toMatch(
      /token endpoint http:\/\/127\.0\.0\.1:\d+\/token refused client_credentials with HTTP 401 \(invalid_client/,
    );
    expect(error!.message).not.toContain("not-the-secret");
    expect(await dovecot.count("INBOX")).toBe(1);
    expect(await titled("Wrong secret")).toHaveLength(0);
    // The next round with the right secret takes it.
    expect((await pollMailbox(server.services, settings)).ingested).toMatchObject([{ outcome: "ticket" }]);
  });

  it("logs in with a token from a refresh token (Google, delegated Microsoft 365)", async () => {
    await dovecot.deliver(await newMail(ACME, "Delegated access", "Refresh token grant."));
    const delegated: ImapSettings = {
      ...settings,
      oauth: oauthTokenSource({
        tokenUrl: oauth.tokenUrl,
        clientId: POLLER_CLIENT.id,
        clientSecret: POLLER_CLIENT.secret,
        refreshToken: await oauth.issueRefreshToken(),
      }),
    };
    expect((await pollMailbox(server.services, delegated)).ingested).toMatchObject([{ outcome: "ticket" }]);
  });

  it("a token for another mailbox is refused and the round fails after one retry", async () => {
    // The token is valid, but dovecot's username_attribute names another user: a login error, not a token error.
    await dovecot.deliver(await newMail(ACME, "Other mailbox", "Should wait."));
    const other: ImapSettings = { ...settings, url: dovecot.url.replace("support%40", "sales%40") };
    asked.length = 0;
    const error = await pollMailbox(server.services, other).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ authenticationFailed: true });
    expect(asked).toEqual([false, true]);
    // What the poller logs of it (lib/periodic.ts prints the error object) shows no token.
    const logged = inspect(error, { depth: 5 });
    for (const token of oauth.issued) expect(logged).not.toContain(token);
    expect(logged).not.toMatch(/XOAUTH2 "?[A-Za-z0-9+/=]{20,}/); // nor the base64 SASL payload that holds one
    expect(await dovecot.count("INBOX")).toBe(1);
    await pollMailbox(server.services, settings);
  });
});
