// A sign-in whose second factor is still to come answers 401 with the challenge (docs/decisions/0030):
// a 200 from a sign-in always holds a session, over REST and over tRPC alike.
import { decodeBase32IgnorePadding } from "@oslojs/encoding";
import { generateHOTP } from "@oslojs/otp";
import { beforeAll, describe, expect, it } from "vitest";
import { TOTP } from "../auth/totp.js";
import { ACME, ADMIN, AGENT } from "../test/fixtures.js";
import { serverForFile } from "../test/file-server.js";

const { server, tokens } = serverForFile([ADMIN, AGENT, ACME]);

const codeFor = (secret: string) =>
  generateHOTP(
    decodeBase32IgnorePadding(secret),
    BigInt(Math.floor(Date.now() / 1000 / TOTP.periodSeconds)),
    TOTP.digits,
  );
const post = (path: string, json: unknown, token?: string) => server.request(path, { method: "POST", json, token });
const secrets: Record<string, string> = {};

beforeAll(async () => {
  for (const email of [AGENT, ACME]) {
    const started = (await (await post("/api/account/second-factor/totp", {}, tokens[email])).json()) as {
      secret: string;
    };
    const confirmed = await post(
      "/api/account/second-factor/totp/confirm",
      { code: codeFor(started.secret) },
      tokens[email],
    );
    expect(confirmed.status).toBe(200);
    secrets[email] = started.secret;
  }
});

describe("a sign-in that needs its second factor", () => {
  it.each([
    ["/api/auth/login", AGENT],
    ["/api/client/login", ACME],
  ])("%s answers 401 SECOND_FACTOR_REQUIRED with the challenge, and no session", async (path, email) => {
    const res = await post(path, { email, password: "demo-password" });
    expect(res.status).toBe(401);
    expect(res.headers.get("set-cookie")).toBeNull();
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      error: "Enter the code from your authenticator app to finish signing in.",
      code: "SECOND_FACTOR_REQUIRED",
      challenge: expect.stringMatching(/^[a-z2-7]{32}$/),
      secondFactor: "totp",
    });
    expect(body).not.toHaveProperty("token");
  });

  it.each([
    ["auth.login", AGENT],
    ["auth.clientLogin", ACME],
  ])("tRPC %s answers 401 with the challenge in the error's data", async (procedure, email) => {
    const res = await post(`/trpc/${procedure}`, { email, password: "demo-password" });
    expect(res.status).toBe(401);
    const body = (await res.json()) as { error: { data: Record<string, unknown> } };
    expect(body.error.data).toMatchObject({
      code: "UNAUTHORIZED",
      httpStatus: 401,
      secondStep: { code: "SECOND_FACTOR_REQUIRED", challenge: expect.any(String), secondFactor: "totp" },
    });
  });

  it("the 401's challenge and a code complete the sign-in with the usual 200", async () => {
    const refused = (await (await post("/api/auth/login", { email: AGENT, password: "demo-password" })).json()) as {
      challenge: string;
    };
    // The enrolment spent the current step's code: the next step's one is what the phone shows next.
    const step = Math.floor(Date.now() / 1000 / TOTP.periodSeconds) + 1;
    const code = generateHOTP(decodeBase32IgnorePadding(secrets[AGENT]!), BigInt(step), TOTP.digits);
    const res = await post("/api/auth/login/verify", { challenge: refused.challenge, code });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ token: expect.any(String), user: { email: AGENT } });
  });

  it("a wrong password stays a plain 401 UNAUTHORIZED without a challenge", async () => {
    const res = await post("/api/auth/login", { email: AGENT, password: "not-it" });
    expect(res.status).toBe(401);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ error: "Invalid email or password", code: "UNAUTHORIZED" });
    expect(body).not.toHaveProperty("challenge");
  });

  it("the OpenAPI document describes the 401 with its challenge, and the 200 as a session only", async () => {
    const doc = (await (await server.request("/api/openapi.json")).json()) as {
      paths: Record<string, { post: { responses: Record<string, { content?: unknown }> } }>;
      components: { schemas: Record<string, { properties: Record<string, unknown>; required?: string[] }> };
    };
    for (const path of ["/auth/login", "/client/login"]) {
      const responses = doc.paths[path]!.post.responses;
      expect(JSON.stringify(responses["200"])).not.toContain("challenge");
      expect(JSON.stringify(responses["401"])).toContain("#/components/schemas/SecondFactorRequired");
    }
    expect(doc.components.schemas.SecondFactorRequired!.required).toEqual([
      "error",
      "code",
      "challenge",
      "secondFactor",
    ]);
  });
});
