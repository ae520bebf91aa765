// The sign-in log as an admin reads it per person: successes, failures and refusals, with the method.
import { beforeAll, describe, expect, it } from "vitest";
import { ACME, AGENT, type PersonLogReader, personLogReader } from "../test/fixtures.js";
import { serverForFile } from "../test/file-server.js";

const { server } = serverForFile();
let logOf: PersonLogReader<Event>;

beforeAll(async () => {
  logOf = await personLogReader<Event>(server, "sign-ins");
});

interface Event {
  outcome: string;
  method: string;
  ipAddress: string | null;
  userAgent: string | null;
}

const attempt = (path: string, email: string, password: string) =>
  server.request(path, { method: "POST", json: { email, password }, headers: { "user-agent": "log-test/1.0" } });

describe("the sign-in log", () => {
  it("records a failure, a refusal at the wrong portal and a success, newest first", async () => {
    await attempt("/api/auth/login", AGENT, "wrong-password");
    await attempt("/api/client/login", AGENT, "demo-password");
    await attempt("/api/auth/login", AGENT, "demo-password");
    const { events } = await logOf(AGENT);
    expect(events.slice(0, 3).map((e) => [e.outcome, e.method])).toEqual([
      ["success", "password"],
      ["refused", "password"],
      ["failure", "password"],
    ]);
    expect(events[0]).toMatchObject({ ipAddress: "127.0.0.1", userAgent: "log-test/1.0" });
  });

  it("is for admins: an agent is refused, and another person's attempts stay in their own log", async () => {
    const agent = await server.login(AGENT);
    expect((await logOf(ACME, agent)).status).toBe(403);
    const agentsBefore = (await logOf(AGENT)).events.length;
    await attempt("/api/client/login", ACME, "nope-nope-nope");
    expect((await logOf(ACME)).events.map((e) => e.outcome)).toEqual(["failure"]);
    expect((await logOf(AGENT)).events).toHaveLength(agentsBefore);
  });
});
