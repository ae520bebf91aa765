import { beforeAll, describe, expect, it } from "vitest";
import { decodeBase32IgnorePadding } from "@oslojs/encoding";
import { generateHOTP } from "@oslojs/otp";
import { accountEvents, eq, passkeys, sessions, totpFactors, users } from "@repo/db";
import { TOTP } from "../auth/totp.js";
import { softAuthenticator } from "../test/authenticator.js";
import { ACME, ADMIN, AGENT, demoCompanies, userIds, VIEWER } from "../test/fixtures.js";
import { serverForFile } from "../test/file-server.js";

const { server, tokens } = serverForFile([ADMIN, AGENT, VIEWER, ACME]);
let acme: string;
let ids: Record<string, string>;

beforeAll(async () => {
  ({ acme } = await demoCompanies(server));
  ids = await userIds(server);
});

const send = (method: string, path: string, json: unknown, token?: string) =>
  server.request(path, { method, json, token });
const me = (token: string) => server.request("/api/auth/me", { token });

/** A throwaway user created through /api/register, signed in. */
async function newUser(role: "AGENT" | "VIEWER" | "CLIENT", email: string) {
  const res = await send(
    "POST",
    "/api/register",
    { name: `Temp ${role}`, email, password: "temp-password", role, clientId: role === "CLIENT" ? acme : undefined },
    tokens[ADMIN],
  );
  expect(res.status).toBe(200);
  const { id } = (await res.json()) as { id: string };
  return { id, token: await server.login(email, "temp-password") };
}

describe("GET /api/users", () => {
  it("lists every user with id, name, email, role, active, invitation and clientId for staff, viewers included", async () => {
    for (const email of [ADMIN, AGENT, VIEWER]) {
      const res = await server.request("/api/users", { token: tokens[email] });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { users: Record<string, unknown>[] };
      expect(body.users.find((u) => u.email === ACME)).toEqual({
        id: ids[ACME],
        name: "Dana Whitfield",
        email: ACME,
        role: "CLIENT",
        active: true,
        invitationPending: false,
        clientId: acme,
        version: expect.any(Number),
      });
      expect(JSON.stringify(body)).not.toMatch(/password/i);
    }
  });

  it("is refused to clients and anonymous callers", async () => {
    expect((await server.request("/api/users", { token: tokens[ACME] })).status).toBe(403);
    expect((await server.request("/api/users")).status).toBe(401);
  });
});

describe("PATCH /api/users/{id} (admin)", () => {
  it("changes a role and ends that user's sessions", async () => {
    const temp = await newUser("AGENT", "temp-role@northwind.test");
    const res = await send("PATCH", `/api/users/${temp.id}`, { role: "VIEWER" }, tokens[ADMIN]);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ role: "VIEWER", active: true, clientId: null });
    expect((await me(temp.token)).status).toBe(401);
  });

  it("deactivates (sessions deleted, sign-in refused) and reactivates", async () => {
    const temp = await newUser("AGENT", "temp-active@northwind.test");
    expect((await send("PATCH", `/api/users/${temp.id}`, { active: false }, tokens[ADMIN])).status).toBe(200);
    expect(await server.services.db.select().from(sessions).where(eq(sessions.userId, temp.id))).toEqual([]);
    expect((await me(temp.token)).status).toBe(401);
    expect(
      (await send("POST", "/api/auth/login", { email: "temp-active@northwind.test", password: "temp-password" }))
        .status,
    ).toBe(401);
    expect((await send("PATCH", `/api/users/${temp.id}`, { active: true }, tokens[ADMIN])).status).toBe(200);
    expect(
      (await send("POST", "/api/auth/login", { email: "temp-active@northwind.test", password: "temp-password" }))
        .status,
    ).toBe(200);
  });

  it("keeps sessions on a rename", async () => {
    const temp = await newUser("AGENT", "temp-name@northwind.test");
    expect(
      await (await send("PATCH", `/api/users/${temp.id}`, { name: "Renamed" }, tokens[ADMIN])).json(),
    ).toMatchObject({ name: "Renamed" });
    expect((await me(temp.token)).status).toBe(200);
  });

  it("requires a company for a CLIENT role", async () => {
    const temp = await newUser("AGENT", "temp-client@northwind.test");
    const res = await send("PATCH", `/api/users/${temp.id}`, { role: "CLIENT" }, tokens[ADMIN]);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe("A client user needs a company");
    const ok = await send("PATCH", `/api/users/${temp.id}`, { role: "CLIENT", clientId: acme }, tokens[ADMIN]);
    expect(await ok.json()).toMatchObject({ role: "CLIENT", clientId: acme });
  });

  it("will not let an admin deactivate or demote themselves", async () => {
    for (const change of [{ active: false }, { role: "AGENT" }]) {
      const res = await send("PATCH", `/api/users/${ids[ADMIN]}`, change, tokens[ADMIN]);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: string }).error).toBe("You cannot deactivate or demote your own account");
    }
    expect((await me(tokens[ADMIN]!)).status).toBe(200);
  });

  it("is refused to an AGENT, a VIEWER and a CLIENT, changing nothing; unknown ids are 404", async () => {
    for (const email of [AGENT, VIEWER, ACME]) {
      expect((await send("PATCH", `/api/users/${ids[VIEWER]}`, { role: "ADMIN" }, tokens[email])).status).toBe(403);
    }
    const [viewer] = await server.services.db.select().from(users).where(eq(users.id, ids[VIEWER]!));
    expect(viewer!.role).toBe("VIEWER");
    expect((await send("PATCH", "/api/users/nope", { name: "X" }, tokens[ADMIN])).status).toBe(404);
  });
});

describe("POST /api/users/{id}/password (admin)", () => {
  it("sets a new password and ends the user's sessions", async () => {
    const temp = await newUser("AGENT", "temp-password@northwind.test");
    const short = await send("POST", `/api/users/${temp.id}/password`, { password: "short" }, tokens[ADMIN]);
    expect(((await short.json()) as { error: string }).error).toBe("Password must be at least 8 characters");
    expect(
      (await send("POST", `/api/users/${temp.id}/password`, { password: "brand-new-pass" }, tokens[AGENT])).status,
    ).toBe(403);
    expect(
      await (
        await send("POST", `/api/users/${temp.id}/password`, { password: "brand-new-pass" }, tokens[ADMIN])
      ).json(),
    ).toEqual({ success: true, removed: { passkeys: 0, authenticatorApp: false } });
    expect((await me(temp.token)).status).toBe(401);
    expect(
      (await send("POST", "/api/auth/login", { email: "temp-password@northwind.test", password: "temp-password" }))
        .status,
    ).toBe(401);
    expect(
      (await send("POST", "/api/auth/login", { email: "temp-password@northwind.test", password: "brand-new-pass" }))
        .status,
    ).toBe(200);
  });
});

describe("POST /api/users/{id}/password also removes passkeys and second factors", () => {
  /** A throwaway user with two passkeys and an authenticator app, added over REST as they would. */
  async function withFactors(email: string) {
    const user = await newUser("AGENT", email);
    for (const name of ["Laptop", "Phone"]) {
      const options = await send("POST", "/api/account/passkeys/options", {}, user.token);
      const key = softAuthenticator();
      const response = key.register(await options.json(), server.url);
      expect((await send("POST", "/api/account/passkeys", { response, name }, user.token)).status).toBe(200);
    }
    const { secret } = (await (await send("POST", "/api/account/second-factor/totp", {}, user.token)).json()) as {
      secret: string;
    };
    const step = BigInt(Math.floor(Date.now() / 1000 / TOTP.periodSeconds));
    const code = generateHOTP(decodeBase32IgnorePadding(secret), step, TOTP.digits);
    expect((await send("POST", "/api/account/second-factor/totp/confirm", { code }, user.token)).status).toBe(200);
    return user;
  }
  const factorsOf = async (id: string) => ({
    passkeys: (await server.services.db.select().from(passkeys).where(eq(passkeys.userId, id))).length,
    apps: (await server.services.db.select().from(totpFactors).where(eq(totpFactors.userId, id))).length,
  });

  it("removes them by default (the earlier body) and says what it removed, in the account log too", async () => {
    const temp = await withFactors("temp-factors@northwind.test");
    expect(await factorsOf(temp.id)).toEqual({ passkeys: 2, apps: 1 });
    const res = await send("POST", `/api/users/${temp.id}/password`, { password: "brand-new-pass" }, tokens[ADMIN]);
    expect(await res.json()).toEqual({ success: true, removed: { passkeys: 2, authenticatorApp: true } });
    expect(await factorsOf(temp.id)).toEqual({ passkeys: 0, apps: 0 });
    const logged = await server.services.db.select().from(accountEvents).where(eq(accountEvents.userId, temp.id));
    expect(logged.map((e) => e.action)).toEqual(
      expect.arrayContaining(["password_set_by_admin", "factors_removed_by_admin"]),
    );
    // The new password alone signs in: no second step is left.
    const login = await send("POST", "/api/auth/login", {
      email: "temp-factors@northwind.test",
      password: "brand-new-pass",
    });
    expect(((await login.json()) as { token?: string }).token).toEqual(expect.any(String));
  });

  it("keeps them when the admin unticks it", async () => {
    const temp = await withFactors("temp-keeps@northwind.test");
    const res = await send(
      "POST",
      `/api/users/${temp.id}/password`,
      { password: "brand-new-pass", removeFactors: false },
      tokens[ADMIN],
    );
    expect(await res.json()).toEqual({ success: true, removed: { passkeys: 0, authenticatorApp: false } });
    expect(await factorsOf(temp.id)).toEqual({ passkeys: 2, apps: 1 });
  });
});
