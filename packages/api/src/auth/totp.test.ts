// Two-factor sign-in over REST: enrolment with a first code, the sign-in challenge, codes that work once,
// recovery codes, the limits, turning it off, and an admin's reset.
import { decodeBase32IgnorePadding } from "@oslojs/encoding";
import { generateHOTP } from "@oslojs/otp";
import { describe, expect, it } from "vitest";
import { eq, signInChallenges } from "@repo/db";
import { ACME, ADMIN, AGENT, userIds } from "../test/fixtures.js";
import { serverForFile } from "../test/file-server.js";
import { CHALLENGE_MESSAGES } from "./sign-in-challenge.js";
import { hashSecret } from "./session.js";
import { TOTP } from "./totp.js";

const { server } = serverForFile();

/** The app's code for `key` at the current step plus `offset` (a phone a step ahead, say). */
function codeFor(secret: string, offset = 0): string {
  const step = Math.floor(Date.now() / 1000 / TOTP.periodSeconds) + offset;
  return generateHOTP(decodeBase32IgnorePadding(secret), BigInt(step), TOTP.digits);
}

async function call(path: string, init: { token?: string; json?: unknown; method?: string } = {}) {
  const method = init.method ?? "POST";
  const json = method === "GET" ? undefined : (init.json ?? {});
  const res = await server.request(path, { method, json, token: init.token });
  return { status: res.status, body: (await res.json()) as Record<string, unknown>, headers: res.headers };
}

/** Recovery codes by email, from enrol(): what a test signs in with once the phone's codes are spent. */
const saved: Record<string, string[]> = {};

/** Turns TOTP on for `email`; its secret and recovery codes. */
async function enrol(email: string) {
  const token = await server.login(email);
  const started = await call("/api/account/second-factor/totp", { token });
  const secret = started.body.secret as string;
  expect(started.body.uri).toMatch(/^otpauth:\/\/totp\//);
  expect(started.body.qrSvg).toMatch(/^<svg/);
  const firstCode = codeFor(secret);
  const confirmed = await call("/api/account/second-factor/totp/confirm", { token, json: { code: firstCode } });
  expect(confirmed.status).toBe(200);
  saved[email] = [...(confirmed.body.recoveryCodes as string[])];
  return { token, secret, firstCode, recoveryCodes: confirmed.body.recoveryCodes as string[] };
}

const loginPath = (email: string) => (email.startsWith("client@") ? "/api/client/login" : "/api/auth/login");
const signIn = (email: string, password = "demo-password") => call(loginPath(email), { json: { email, password } });
const verify = (challenge: unknown, code: string) => call("/api/auth/login/verify", { json: { challenge, code } });

describe("two-factor sign-in", () => {
  it("asks a person with an authenticator for a code after the password, and the code signs in", async () => {
    const { secret, firstCode, recoveryCodes } = await enrol(AGENT);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);

    const first = await signIn(AGENT);
    expect(first.status).toBe(401);
    expect(first.body).toMatchObject({
      code: "SECOND_FACTOR_REQUIRED",
      challenge: expect.any(String),
      secondFactor: "totp",
    });
    expect(first.headers.get("set-cookie")).toBeNull();

    // The enrolment spent its code: the phone's next one signs in, once.
    const reused = await verify(first.body.challenge, firstCode);
    expect([reused.status, reused.body.error]).toEqual([401, CHALLENGE_MESSAGES.wrongCode]);
    const next = codeFor(secret, 1);
    const ok = await verify(first.body.challenge, next);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ token: expect.any(String), user: { email: AGENT, role: "AGENT" } });
    expect((await server.request("/api/auth/me", { token: ok.body.token as string })).status).toBe(200);

    // The challenge is spent, and so is the code.
    expect((await verify(first.body.challenge, next)).body.error).toBe(CHALLENGE_MESSAGES.expired);
    const second = await signIn(AGENT);
    expect((await verify(second.body.challenge, next)).body.error).toBe(CHALLENGE_MESSAGES.wrongCode);
  });

  it("takes each recovery code once, in any case and spacing", async () => {
    const { recoveryCodes } = await enrol(ACME);
    const code = recoveryCodes[0]!;
    const first = await signIn(ACME);
    expect((await verify(first.body.challenge, ` ${code.toUpperCase()} `)).status).toBe(200);
    const again = await signIn(ACME);
    expect((await verify(again.body.challenge, code)).body.error).toBe(CHALLENGE_MESSAGES.wrongCode);
    const token = await (async () => {
      const next = await signIn(ACME);
      return (await verify(next.body.challenge, recoveryCodes[1]!)).body.token as string;
    })();
    const state = await call("/api/account/second-factor", { token, method: "GET" });
    expect(state.body).toMatchObject({ totp: true, recoveryCodesLeft: 8 });
  });

  it("ends a challenge after 5 wrong codes, and one past its 5 minutes", async () => {
    const { secret } = await enrol(ADMIN);
    const attempt = await signIn(ADMIN);
    for (let i = 0; i < 5; i++) {
      expect((await verify(attempt.body.challenge, "000000")).body.error).toBe(CHALLENGE_MESSAGES.wrongCode);
    }
    expect((await verify(attempt.body.challenge, codeFor(secret, 1))).body.error).toBe(CHALLENGE_MESSAGES.expired);

    const late = await signIn(ADMIN);
    await server.services.db
      .update(signInChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(signInChallenges.id, hashSecret(late.body.challenge as string)));
    expect((await verify(late.body.challenge, codeFor(secret, 1))).body.error).toBe(CHALLENGE_MESSAGES.expired);
  });

  it("a wrong password still says nothing of a second factor", async () => {
    const res = await signIn(AGENT, "not-the-password");
    expect([res.status, res.body.error]).toEqual([401, "Invalid email or password"]);
  });
});

describe("turning it off", () => {
  it("needs the password; then the password alone signs in", async () => {
    const { secret } = await enrol("client@birch.test");
    const first = await signIn("client@birch.test");
    const token = (await verify(first.body.challenge, codeFor(secret, 1))).body.token as string;
    const wrong = await call("/api/account/second-factor/disable", { token, json: { password: "nope-nope" } });
    expect(wrong.status).toBe(400);
    const off = await call("/api/account/second-factor/disable", { token, json: { password: "demo-password" } });
    expect(off.status).toBe(200);
    expect((await signIn("client@birch.test")).body).toMatchObject({ token: expect.any(String) });
  });

  it("an admin's reset removes it and ends the person's sessions", async () => {
    const ids = await userIds(server);
    const { token: viewerToken } = await enrol("viewer@northwind.test");
    // The admin has two factors too (enrolled above): a recovery code signs it in.
    const attempt = await signIn(ADMIN);
    const admin = (await verify(attempt.body.challenge, saved[ADMIN]!.shift()!)).body.token as string;
    const res = await call(`/api/users/${ids["viewer@northwind.test"]}/second-factor/reset`, { token: admin });
    expect(res.status).toBe(200);
    expect((await server.request("/api/auth/me", { token: viewerToken })).status).toBe(401);
    expect((await signIn("viewer@northwind.test")).body).toMatchObject({ token: expect.any(String) });
  });
});
