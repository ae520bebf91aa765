// "Is email down?" (docs/features.md §18): the assistant answers from the company's open incidents first,
// over REST as the chat panel asks; another company, or a question about something else, is not told.
import { describe, expect, it } from "vitest";
import type { Incident, ManagedService } from "@repo/validators";
import { ACME, ADMIN, AGENT, BIRCH, demoCompanies } from "../test/fixtures.js";
import { serverForFile } from "../test/file-server.js";

const { server, tokens } = serverForFile([ADMIN, AGENT, ACME, BIRCH]);

async function call<T>(path: string, json: unknown, email: string): Promise<T> {
  const res = await server.request(path, { method: "POST", json, token: tokens[email] });
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}
/** The assistant's reply to a client's message. */
const ask = async (content: string, email: string) =>
  (await call<{ content: string }>("/api/client/chat", { content }, email)).content;

describe("the assistant and open incidents", () => {
  it("answers an outage question from the company's open incidents, and only its own", async () => {
    const { acme } = await demoCompanies(server);
    const mail = await call<ManagedService>("/api/services", { name: "Microsoft 365", clientIds: [acme] }, ADMIN);
    const incident = await call<Incident>(
      "/api/incidents",
      { title: "Microsoft 365 mail delayed", message: "Inbound mail is delayed by an hour.", serviceIds: [mail.id] },
      AGENT,
    );

    const answer = await ask("Is email down?", ACME);
    expect(answer).toContain("Microsoft 365 mail delayed");
    expect(answer).toContain("Inbound mail is delayed by an hour.");
    expect(await ask("is anything down right now?", ACME)).toContain("Microsoft 365 mail delayed");
    // Birch does not depend on the service; a question about something else is not about the incident.
    expect(await ask("Is email down?", BIRCH)).not.toContain("Microsoft 365 mail delayed");
    expect(await ask("Is the printer down?", ACME)).not.toContain("Microsoft 365 mail delayed");

    await call(`/api/incidents/${incident.id}/updates`, { status: "RESOLVED", message: "Fixed." }, AGENT);
    expect(await ask("Is email down?", ACME)).not.toContain("Microsoft 365 mail delayed");
  });
});
