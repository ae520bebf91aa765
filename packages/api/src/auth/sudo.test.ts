// Sudo mode over REST (docs/architecture.md §6a): a session that has not proved who it is within 5
// minutes cannot add a passkey or an authenticator app, nor remove a passkey; the password, a code or a
// passkey again lets it. Also the mail to the owner when a way to sign in is added, and where it came from.
import { decodeBase32IgnorePadding } from "@oslojs/encoding";
import { generateHOTP } from "@oslojs/otp";
import { describe, expect, it } from "vitest";
import { ACCOUNT_MESSAGES, REAUTH_REQUIRED } from "@repo/validators";
import { softAuthenticator, type SoftAuthenticator } from "../test/authenticator.js";
import { ACME, AGENT, BIRCH, VIEWER } from "../test/fixtures.js";
import { serverForFile } from "../test/file-server.js";
import { expireSudoMode } from "../test/harness.js";
import { TOTP } from "./totp.js";

const { server } = serverForFile();
const BROWSER =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";

async function call(path: string, token: string, json: unknown = {}, method = "POST") {
  const res = await server.request(path, {
    method,
    json: method === "GET" ? undefined : json,
    token,
    headers: { "user-agent": BROWSER },
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** The session as it is some minutes after its sign-in: no longer in sudo mode. */
const age = (token: string) => expireSudoMode(server, token);

const codeFor = (secret: string, offset = 0) =>
  generateHOTP(
    decodeBase32IgnorePadding(secret),
    BigInt(Math.floor(Date.now() / 1000 / TOTP.periodSeconds) + offset),
    TOTP.digits,
  );

async function addPasskey(token: string, key: SoftAuthenticator, name: string) {
  const options = await call("/api/account/passkeys/options", token);
  if (options.status !== 200) return options;
  return call("/api/account/passkeys", token, { response: key.register(options.body, server.url), name });
}

const refusedForSudo = (answer: { status: number; body: Record<string, unknown> }) =>
  expect([answer.status, answer.body.code, answer.body.error]).toEqual([
    403,
    REAUTH_REQUIRED,
    ACCOUNT_MESSAGES.reauthRequired,
  ]);

describe("sudo mode", () => {
  it("refuses to add a passkey on a session not re-authenticated within 5 minutes; the password lets it", async () => {
    const token = await server.login(ACME);
    await age(token);
    const key = softAuthenticator();
    refusedForSudo(await call("/api/account/passkeys/options", token));

    // Options asked in time, the answer sent after the window closed: still refused, nothing stored.
    await call("/api/account/reauthenticate", token, { password: "demo-password" });
    const options = await call("/api/account/passkeys/options", token);
    await age(token);
    const late = await call("/api/account/passkeys", token, {
      response: key.register(options.body, server.url),
      name: "Late",
    });
    refusedForSudo(late);
    expect((await call("/api/account/passkeys", token, undefined, "GET")).body.passkeys).toEqual([]);

    const wrong = await call("/api/account/reauthenticate", token, { password: "not-the-password" });
    expect([wrong.status, wrong.body.error]).toEqual([400, ACCOUNT_MESSAGES.wrongCurrent]);
    refusedForSudo(await call("/api/account/passkeys/options", token));

    expect((await call("/api/account/reauthenticate", token, { password: "demo-password" })).status).toBe(200);
    // The same answer, sent again now: its challenge was never spent.
    expect(
      (await call("/api/account/passkeys", token, { response: key.register(options.body, server.url), name: "Late" }))
        .status,
    ).toBe(200);
  });

  it("takes exactly one proof", async () => {
    const token = await server.login(BIRCH);
    for (const json of [{}, { password: "demo-password", code: "123456" }]) {
      const answer = await call("/api/account/reauthenticate", token, json);
      expect([answer.status, answer.body.error]).toEqual([400, ACCOUNT_MESSAGES.reauthMissing]);
    }
  });

  it("refuses to add an authenticator app without it; a passkey of one's own lets it, and then its code", async () => {
    const token = await server.login(AGENT);
    const key = softAuthenticator();
    expect((await addPasskey(token, key, "Agent key")).status).toBe(200); // just signed in: in sudo mode

    await age(token);
    refusedForSudo(await call("/api/account/second-factor/totp", token));
    const options = await call("/api/account/reauthenticate/passkey-options", token);
    expect(options.body.userVerification).toBe("required");
    const touchOnly = await call("/api/account/reauthenticate", token, {
      response: key.assert(options.body, server.url, { uv: false }),
    });
    expect(touchOnly.status).toBe(400);
    const again = await call("/api/account/reauthenticate/passkey-options", token);
    expect(
      (await call("/api/account/reauthenticate", token, { response: key.assert(again.body, server.url) })).status,
    ).toBe(200);
    const started = await call("/api/account/second-factor/totp", token);
    expect(started.status).toBe(200);
    const secret = started.body.secret as string;

    await age(token);
    refusedForSudo(await call("/api/account/second-factor/totp/confirm", token, { code: codeFor(secret) }));
    await call("/api/account/reauthenticate", token, { password: "demo-password" });
    expect((await call("/api/account/second-factor/totp/confirm", token, { code: codeFor(secret) })).status).toBe(200);

    // Removing a passkey needs it too; a code from the app is proof enough.
    await age(token);
    const [passkey] = (await call("/api/account/passkeys", token, undefined, "GET")).body.passkeys as { id: string }[];
    refusedForSudo(await call(`/api/account/passkeys/${passkey!.id}`, token, undefined, "DELETE"));
    const badCode = await call("/api/account/reauthenticate", token, { code: "000000" });
    expect([badCode.status, badCode.body.error]).toEqual([400, ACCOUNT_MESSAGES.reauthWrongCode]);
    expect((await call("/api/account/reauthenticate", token, { code: codeFor(secret, 1) })).status).toBe(200);
    expect((await call(`/api/account/passkeys/${passkey!.id}`, token, undefined, "DELETE")).status).toBe(200);
  });

  it("mails the owner when a passkey or an app is added, saying when and from where; the list says it too", async () => {
    const token = await server.login(VIEWER);
    expect((await addPasskey(token, softAuthenticator(), "Viewer laptop")).status).toBe(200);
    const started = await call("/api/account/second-factor/totp", token);
    expect(
      (await call("/api/account/second-factor/totp/confirm", token, { code: codeFor(started.body.secret as string) }))
        .status,
    ).toBe(200);

    const mails = await server.mailsTo(VIEWER);
    const passkeyMail = mails.find((m) => m.subject === "A passkey was added to your account");
    const appMail = mails.find((m) => m.subject === "An authenticator app was added to your account");
    for (const mail of [passkeyMail, appMail]) {
      expect(mail?.kind).toBe("account.factor_added");
      expect(mail?.text).toMatch(/When: \w/);
      expect(mail?.text).toContain("From: 127.0.0.1");
      expect(mail?.text).toContain("Browser: Chrome on Windows");
    }
    expect(passkeyMail?.text).toContain("Passkey: Viewer laptop");

    const [listed] = (await call("/api/account/passkeys", token, undefined, "GET")).body.passkeys as Record<
      string,
      unknown
    >[];
    expect(listed).toMatchObject({ name: "Viewer laptop", addedIp: "127.0.0.1", addedUserAgent: BROWSER });
    expect((await call("/api/account/second-factor", token, undefined, "GET")).body).toMatchObject({
      totp: true,
      addedAt: expect.any(String),
      addedIp: "127.0.0.1",
      addedUserAgent: BROWSER,
    });
  });
});
