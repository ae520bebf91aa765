// The admin's policy that makes two-factor sign-in a must: off on a new install; for staff, a sign-in
// without a factor sets one up before the session starts; clients are asked only when it is everyone's.
import { decodeBase32IgnorePadding } from "@oslojs/encoding";
import { generateHOTP } from "@oslojs/otp";
import { ACCOUNT_MESSAGES } from "@repo/validators";
import { beforeAll, describe, expect, it } from "vitest";
import { TOTP } from "../auth/totp.js";
import { ACME, ADMIN, AGENT } from "../test/fixtures.js";
import { serverForFile } from "../test/file-server.js";

const { server } = serverForFile();
let admin: string;

beforeAll(async () => {
  admin = await server.login(ADMIN);
});

async function call(path: string, json: unknown, token?: string, method = "POST") {
  const res = await server.request(path, { method, json, token });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const codeFor = (secret: string) =>
  generateHOTP(
    decodeBase32IgnorePadding(secret),
    BigInt(Math.floor(Date.now() / 1000 / TOTP.periodSeconds)),
    TOTP.digits,
  );

describe("the second-factor policy", () => {
  it("is off on a new install, and only an admin reads or changes it", async () => {
    expect((await call("/api/settings/security", undefined, admin, "GET")).body).toEqual({
      secondFactorRequired: "off",
    });
    const agent = await server.login(AGENT);
    expect((await call("/api/settings/security", { secondFactorRequired: "staff" }, agent, "PUT")).status).toBe(403);
    expect((await call("/api/settings/security", { secondFactorRequired: "always" }, admin, "PUT")).status).toBe(400);
  });

  it("for staff: a staff sign-in sets up a factor first and then gets its session; a client is not asked", async () => {
    const set = await call("/api/settings/security", { secondFactorRequired: "staff" }, admin, "PUT");
    expect(set.body).toEqual({ secondFactorRequired: "staff" });

    const client = await call("/api/client/login", { email: ACME, password: "demo-password" });
    expect(client.body).toMatchObject({ token: expect.any(String) });

    const signIn = await call("/api/auth/login", { email: AGENT, password: "demo-password" });
    expect(signIn.status).toBe(401);
    expect(signIn.body).toMatchObject({
      code: "SECOND_FACTOR_ENROLMENT",
      challenge: expect.any(String),
      secondFactor: "enrol",
    });
    const { challenge } = signIn.body;
    const enrolment = await call("/api/auth/login/enrol", { challenge });
    expect(enrolment.body.qrSvg).toMatch(/^<svg/);
    const wrong = await call("/api/auth/login/enrol/confirm", { challenge, code: "000000" });
    expect(wrong.status).toBe(400);
    const done = await call("/api/auth/login/enrol/confirm", {
      challenge,
      code: codeFor(enrolment.body.secret as string),
    });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ token: expect.any(String), user: { email: AGENT } });
    expect(done.body.recoveryCodes).toHaveLength(10);
    // The app set up while signing in is mailed to the owner like one added in My account.
    expect((await server.mailsTo(AGENT)).map((m) => m.kind)).toContain("account.factor_added");
    // The challenge is spent; the next sign-in asks for a code.
    expect((await call("/api/auth/login/enrol/confirm", { challenge, code: "123456" })).status).toBe(401);
    expect((await call("/api/auth/login", { email: AGENT, password: "demo-password" })).body.secondFactor).toBe("totp");

    const off = await call(
      "/api/account/second-factor/disable",
      { password: "demo-password" },
      done.body.token as string,
    );
    expect([off.status, off.body.error]).toEqual([409, ACCOUNT_MESSAGES.secondFactorRequired]);
  });

  it("for everyone: clients too", async () => {
    await call("/api/settings/security", { secondFactorRequired: "everyone" }, admin, "PUT");
    expect((await call("/api/client/login", { email: ACME, password: "demo-password" })).body.secondFactor).toBe(
      "enrol",
    );
    await call("/api/settings/security", { secondFactorRequired: "off" }, admin, "PUT");
    expect((await call("/api/client/login", { email: ACME, password: "demo-password" })).body).toMatchObject({
      token: expect.any(String),
    });
  });
});
