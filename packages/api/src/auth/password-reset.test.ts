// "Forgot password" over REST, as the sign-in pages use it: the mail and its link, one use, 30 minutes,
// the same answer for an unknown address, limits, and every session ended by the new password.
import { ACCOUNT_MESSAGES } from "@repo/validators";
import { beforeAll, describe, expect, it } from "vitest";
import { accountEvents, eq, passwordResets, sessions } from "@repo/db";
import { ACME, AGENT, ADMIN, userIds } from "../test/fixtures.js";
import { serverForFile } from "../test/file-server.js";
import { RESET_LIMITS, RESET_TTL_MS, deleteExpiredResets } from "./password-reset.js";
import { hashSecret } from "./session.js";

const { server } = serverForFile([], { config: { TRUST_PROXY: 1 } });
let ids: Record<string, string>;
let visitor = 0;
/** Each test asks from its own address, clear of the per-address limit. */
const nextIp = () => `192.0.2.${++visitor}`;

beforeAll(async () => {
  ids = await userIds(server);
});

const post = (path: string, json: unknown, ip = nextIp()) =>
  server.request(path, { method: "POST", json, headers: { "x-forwarded-for": ip } });

/** The reset mails to `email`, newest first. */
const resetMails = async (email: string) =>
  (await server.mailsTo(email)).filter((m) => m.kind === "account.password_reset");

/** The newest reset mail to `email`, and the token of its link. */
async function resetMail(email: string) {
  const [mail] = await resetMails(email);
  return { mail, token: mail?.text.match(/#token=([a-z2-7]+)/)?.[1] };
}

const mailCount = async (email: string) => (await resetMails(email)).length;

describe("asking for a link", () => {
  it("mails an active account a link to its own portal, and answers with the same words for anyone", async () => {
    const known = await post("/api/auth/password-reset", { email: "Client@Acme.test", portal: "client" });
    const unknown = await post("/api/auth/password-reset", { email: "nobody@acme.test", portal: "client" });
    const expected = { success: true, message: ACCOUNT_MESSAGES.resetSent };
    expect([known.status, await known.json()]).toEqual([200, expected]);
    expect([unknown.status, await unknown.json()]).toEqual([200, expected]);
    expect(await mailCount("nobody@acme.test")).toBe(0);

    const { mail, token } = await resetMail(ACME);
    expect(mail!.subject).toContain("choose a new password");
    expect(mail!.text).toContain("/reset-password?portal=client#token=");
    // Only the token's hash is stored.
    const [row] = await server.services.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.id, hashSecret(token!)));
    expect(row!.userId).toBe(ids[ACME]);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(RESET_TTL_MS);
  });

  it("leads staff to the staff sign-in, whichever page they asked from", async () => {
    await post("/api/auth/password-reset", { email: AGENT, portal: "client" });
    expect((await resetMail(AGENT)).mail!.text).toContain("/reset-password?portal=staff#token=");
  });

  it("sends at most 3 mails an hour to one address, and keeps answering alike", async () => {
    const email = "viewer@northwind.test";
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push((await post("/api/auth/password-reset", { email })).status);
    expect(answers).toEqual([200, 200, 200, 429]);
    expect(await mailCount(email)).toBe(RESET_LIMITS.perEmail.max);
  });

  it("refuses a malformed address with the form's message", async () => {
    const res = await post("/api/auth/password-reset", { email: "not-an-address" });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: "Please enter a valid email address" });
  });
});

describe("using the link", () => {
  it("sets the password once, ends every session, and a second use is refused", async () => {
    const before = await server.login(ADMIN);
    await post("/api/auth/password-reset", { email: ADMIN, portal: "staff" });
    const { token } = await resetMail(ADMIN);

    const used = await post("/api/auth/password-reset/confirm", { token, password: "a brand new passphrase" });
    expect([used.status, await used.json()]).toEqual([200, { success: true, portal: "staff" }]);
    expect(await server.services.db.select().from(sessions).where(eq(sessions.userId, ids[ADMIN]!))).toEqual([]);
    expect((await server.request("/api/auth/me", { token: before })).status).toBe(401);
    await expect(server.login(ADMIN)).rejects.toThrow();
    expect(await server.login(ADMIN, "a brand new passphrase")).toBeTruthy();
    const logged = await server.services.db.select().from(accountEvents).where(eq(accountEvents.userId, ids[ADMIN]!));
    expect(logged.map((e) => [e.action, e.actorId, e.ipAddress])).toEqual([
      ["password_reset", ids[ADMIN], expect.stringMatching(/^192\.0\.2\./)],
    ]);

    const again = await post("/api/auth/password-reset/confirm", { token, password: "another new passphrase" });
    expect([again.status, await again.json()]).toMatchObject([400, { error: ACCOUNT_MESSAGES.resetInvalid }]);
  });

  it("refuses an expired link, an unknown one, and a breached or short password (the link stays usable)", async () => {
    await post("/api/auth/password-reset", { email: ACME, portal: "client" });
    const { token } = await resetMail(ACME);
    const confirm = (json: unknown) => post("/api/auth/password-reset/confirm", json);

    expect(await (await confirm({ token: "x".repeat(32), password: "a brand new passphrase" })).json()).toMatchObject({
      error: ACCOUNT_MESSAGES.resetInvalid,
    });
    const breached = await confirm({ token, password: "password123" });
    expect([breached.status, await breached.json()]).toMatchObject([400, { error: ACCOUNT_MESSAGES.breached }]);
    const short = await confirm({ token, password: "short" });
    expect(await short.json()).toMatchObject({ error: "Password must be at least 8 characters" });

    await server.services.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.id, hashSecret(token!)));
    const expired = await confirm({ token, password: "a brand new passphrase" });
    expect([expired.status, await expired.json()]).toMatchObject([400, { error: ACCOUNT_MESSAGES.resetInvalid }]);
    expect(await server.login(ACME)).toBeTruthy(); // the old password still works
  });

  it("expired links are purged by housekeeping", async () => {
    expect(await deleteExpiredResets(server.services.db, new Date(Date.now() + RESET_TTL_MS + 1000))).toBeGreaterThan(
      0,
    );
    expect(await server.services.db.select().from(passwordResets)).toEqual([]);
  });
});
