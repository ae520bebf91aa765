// The account log: each change to how a person signs in is recorded with who made it and from where, and
// only an admin reads it (over REST and tRPC).
import { decodeBase32IgnorePadding } from "@oslojs/encoding";
import { generateHOTP } from "@oslojs/otp";
import { beforeAll, describe, expect, it } from "vitest";
import { ADMIN, AGENT, BIRCH, type PersonLogReader, personLogReader, VIEWER, userIds } from "../test/fixtures.js";
import { serverForFile } from "../test/file-server.js";
import { TOTP } from "./totp.js";

const { server } = serverForFile();
let ids: Record<string, string>;
let admin: string;
let changesOf: PersonLogReader<Change>;

beforeAll(async () => {
  ids = await userIds(server);
  admin = await server.login(ADMIN);
  changesOf = await personLogReader<Change>(server, "account-changes");
});

interface Change {
  action: string;
  actorName: string | null;
  ipAddress: string | null;
}

async function call(path: string, token: string, json: unknown = {}) {
  const res = await server.request(path, { method: "POST", json, token });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const changeOwnPassword = (token: string, currentPassword: string, newPassword: string) =>
  call("/api/account/password", token, { currentPassword, newPassword });

const codeNow = (secret: string) =>
  generateHOTP(decodeBase32IgnorePadding(secret), BigInt(Math.floor(Date.now() / 1000 / TOTP.periodSeconds)), 6);

describe("the account log", () => {
  it("records a person's own changes, newest first, with them as the actor", async () => {
    const token = await server.login(AGENT);
    const changed = await changeOwnPassword(token, "demo-password", "a long new passphrase for the log");
    expect(changed.status).toBe(200);
    const started = await call("/api/account/second-factor/totp", token);
    const secret = started.body.secret as string;
    expect((await call("/api/account/second-factor/totp/confirm", token, { code: codeNow(secret) })).status).toBe(200);
    const password = { password: "a long new passphrase for the log" };
    expect((await call("/api/account/second-factor/recovery-codes", token, password)).status).toBe(200);
    expect((await call("/api/account/second-factor/disable", token, password)).status).toBe(200);

    const { events } = await changesOf(AGENT);
    expect(events.map((e) => e.action)).toEqual([
      "second_factor_off",
      "recovery_codes_renewed",
      "second_factor_on",
      "password_changed",
    ]);
    expect(events.every((e) => e.actorName === "Sam Patel" && e.ipAddress === "127.0.0.1")).toBe(true);
  });

  it("names the admin who set a password or reset a second factor", async () => {
    const set = await call(`/api/users/${ids[VIEWER]}/password`, admin, { password: "another long passphrase" });
    expect(set.status).toBe(200);
    expect((await call(`/api/users/${ids[VIEWER]}/second-factor/reset`, admin)).status).toBe(200);
    const { events } = await changesOf(VIEWER);
    expect(events.map((e) => [e.action, e.actorName])).toEqual([
      ["second_factor_reset_by_admin", "Alex Morgan"],
      ["password_set_by_admin", "Alex Morgan"],
    ]);
  });

  it("records nothing for a refused change", async () => {
    const token = await server.login(BIRCH);
    const wrong = await changeOwnPassword(token, "not-the-password", "a long new passphrase for birch");
    expect(wrong.status).toBe(400);
    expect((await changesOf(BIRCH)).events).toEqual([]);
  });

  it("is for admins only, over REST and tRPC", async () => {
    const agent = await server.login(AGENT, "a long new passphrase for the log");
    expect((await changesOf(VIEWER, agent)).status).toBe(403);
    expect((await changesOf(VIEWER, await server.login(BIRCH))).status).toBe(403);
    const res = await server.request(`/api/users/not-a-user/account-changes`, { token: admin });
    expect(res.status).toBe(404);

    const viaTrpc = async (token: string) => {
      const input = encodeURIComponent(JSON.stringify({ id: ids[VIEWER] }));
      const res = await server.request(`/trpc/users.accountChanges?input=${input}`, { token });
      return { status: res.status, body: (await res.json()) as { result?: { data: { events: Change[] } } } };
    };
    const read = await viaTrpc(admin);
    expect(read.body.result?.data.events.map((e) => e.action)).toEqual([
      "second_factor_reset_by_admin",
      "password_set_by_admin",
    ]);
    expect((await viaTrpc(agent)).status).toBe(403);
  });
});
