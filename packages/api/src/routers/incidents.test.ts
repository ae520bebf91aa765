// Service incidents (docs/features.md §18) over REST: an admin keeps the services, staff declare incidents
// and link tickets, a VIEWER only reads; a client sees only what affects its company. An update told to
// the linked tickets leaves one public comment on each and one mail per requester, through a real SMTP
// server; resolving them sends no status or rating mail.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count, eq, incidents, managedServices, outbox, ticketComments, tickets } from "@repo/db";
import type { Incident, IncidentUpdateResult, ManagedService } from "@repo/validators";
import { startSmtpTestServer, type SmtpTestServer } from "../mail/smtp-test-server.js";
import { createMailWorker, createSmtpTransport, type MailWorker } from "../mail/worker.js";
import { ACME, ADMIN, AGENT, BIRCH, demoCompanies, VIEWER } from "../test/fixtures.js";
import { serverForFile } from "../test/file-server.js";
import { expectRefused } from "../test/refusals.js";

const { server, tokens } = serverForFile([ADMIN, AGENT, VIEWER, ACME, BIRCH]);
let smtp: SmtpTestServer;
let worker: MailWorker;
let companies: { acme: string; birch: string };

beforeAll(async () => {
  smtp = await startSmtpTestServer();
  worker = createMailWorker({
    db: server.services.db,
    files: server.services.files,
    transport: createSmtpTransport(smtp.url),
  });
  companies = await demoCompanies(server);
});
afterAll(async () => {
  await worker?.stop();
  await smtp?.stop();
});

const call = (method: string, path: string, json?: unknown, email = ADMIN) =>
  server.request(path, { method, json, token: tokens[email] });
async function ok<T>(res: Promise<Response>): Promise<T> {
  const r = await res;
  const body = await r.json();
  expect(r.status, JSON.stringify(body)).toBe(200);
  return body as T;
}

let named = 0;
async function service(clientIds: string[]): Promise<ManagedService> {
  return ok(call("POST", "/api/services", { name: `Backups ${++named}`, description: "Nightly", clientIds }));
}
async function declare(fields: Record<string, unknown>, as = AGENT): Promise<Incident> {
  return ok(
    call("POST", "/api/incidents", { title: "Backups failing", message: "We are looking into it.", ...fields }, as),
  );
}
async function staffTicket(requesterEmail: string, requesterName: string): Promise<string> {
  const body = await ok<{ id: string }>(
    call(
      "POST",
      "/api/tickets",
      {
        title: "Backups did not run last night",
        description: "The backup report shows no job since yesterday evening.",
        type: "INCIDENT",
        priority: "P3",
        requesterName,
        requesterEmail,
        clientId: companies.acme,
      },
      AGENT,
    ),
  );
  return body.id;
}
/** A refusal by the input's schema: its status and the rule's own message. */
async function expectInvalid(res: Response, message: string) {
  expect(res.status).toBe(400);
  expect(((await res.json()) as { error: string }).error).toBe(message);
}
const outboxCount = async () => (await server.services.db.select({ n: count() }).from(outbox))[0]!.n;

describe("managed services", () => {
  it("an admin keeps them; other staff read; a client sees only its company's, without the others", async () => {
    const both = await service([companies.acme, companies.birch]);
    const birchOnly = await service([companies.birch]);
    expect(both).toMatchObject({ clientIds: [companies.acme, companies.birch].sort(), impact: "none" });
    expect((await call("POST", "/api/services", { name: "Mail" }, AGENT)).status).toBe(403);
    expect((await call("GET", `/api/services/${both.id}`, undefined, VIEWER)).status).toBe(200);

    const acmeSees = await ok<ManagedService[]>(call("GET", "/api/services", undefined, ACME));
    expect(acmeSees.map((s) => s.id)).toContain(both.id);
    expect(acmeSees.map((s) => s.id)).not.toContain(birchOnly.id);
    expect(acmeSees.find((s) => s.id === both.id)!.clientIds).toEqual([companies.acme]);
    expect((await call("GET", `/api/services/${birchOnly.id}`, undefined, ACME)).status).toBe(404);
  });

  it("refuses a duplicate name and an unknown company, storing nothing", async () => {
    const first = await service([]);
    const before = (await server.services.db.select({ n: count() }).from(managedServices))[0]!.n;
    await expectRefused(
      await call("POST", "/api/services", { name: first.name.toUpperCase() }),
      409,
      "A service with this name already exists",
      "CONFLICT",
    );
    await expectRefused(
      await call("POST", "/api/services", { name: "Other", clientIds: ["0190a0a0-0000-7000-8000-000000000000"] }),
      400,
      "Unknown company",
      "BAD_REQUEST",
    );
    expect((await server.services.db.select({ n: count() }).from(managedServices))[0]!.n).toBe(before);
  });
});

describe("incidents", () => {
  it("staff declare; a VIEWER reads only; the service shows the impact", async () => {
    const backups = await service([companies.acme]);
    expect(
      (await call("POST", "/api/incidents", { title: "x", message: "y", serviceIds: [backups.id] }, VIEWER)).status,
    ).toBe(403);
    const incident = await declare({ serviceIds: [backups.id], impact: "major", isPublic: true });
    expect(incident).toMatchObject({
      status: "INVESTIGATING",
      impact: "major",
      services: [{ id: backups.id, name: backups.name }],
      updates: [{ status: "INVESTIGATING", message: "We are looking into it." }],
    });
    expect((await call("GET", `/api/incidents/${incident.id}`, undefined, VIEWER)).status).toBe(200);
    const state = await ok<ManagedService>(call("GET", `/api/services/${backups.id}`));
    expect(state.impact).toBe("major");
  });

  it("a client sees an incident only when it affects its company, and never the other companies", async () => {
    const acmeService = await service([companies.acme]);
    const viaService = await declare({ serviceIds: [acmeService.id] });
    const named = await declare({ clientIds: [companies.acme, companies.birch] });
    const birchOnly = await declare({ clientIds: [companies.birch] });

    const acmeList = await ok<Incident[]>(call("GET", "/api/incidents", undefined, ACME));
    const ids = acmeList.map((i) => i.id);
    expect(ids).toEqual(expect.arrayContaining([viaService.id, named.id]));
    expect(ids).not.toContain(birchOnly.id);
    expect(acmeList.find((i) => i.id === named.id)!.clientIds).toEqual([]);
    expect((await call("GET", `/api/incidents/${birchOnly.id}`, undefined, ACME)).status).toBe(404);
    expect((await call("GET", `/api/incidents/${viaService.id}`, undefined, BIRCH)).status).toBe(404);
    expect(
      (await call("POST", "/api/incidents", { title: "x", message: "y", clientIds: [companies.acme] }, ACME)).status,
    ).toBe(403);
  });

  it("refuses bad input with its message and stores nothing", async () => {
    const before = (await server.services.db.select({ n: count() }).from(incidents))[0]!.n;
    await expectInvalid(
      await call("POST", "/api/incidents", { title: "Outage", message: "Down" }, AGENT),
      "Choose at least one service or company",
    );
    await expectInvalid(
      await call(
        "POST",
        "/api/incidents",
        {
          title: "Patch night",
          message: "Planned",
          clientIds: [companies.acme],
          maintenance: { scheduledFor: "2027-01-02T10:00:00Z", scheduledUntil: "2027-01-02T09:00:00Z" },
        },
        AGENT,
      ),
      "A maintenance window must end after it starts",
    );
    await expectRefused(
      await call(
        "POST",
        "/api/incidents",
        { title: "Outage", message: "Down", serviceIds: ["0190a0a0-0000-7000-8000-000000000000"] },
        AGENT,
      ),
      400,
      "Unknown service",
      "BAD_REQUEST",
    );
    expect((await server.services.db.select({ n: count() }).from(incidents))[0]!.n).toBe(before);
  });

  it("a maintenance window not yet begun leaves its service operational", async () => {
    const backups = await service([companies.acme]);
    const window = await declare({
      serviceIds: [backups.id],
      impact: "minor",
      maintenance: { scheduledFor: "2099-01-02T09:00:00Z", scheduledUntil: "2099-01-02T10:00:00Z" },
    });
    expect(window).toMatchObject({
      scheduledFor: "2099-01-02T09:00:00.000Z",
      scheduledUntil: "2099-01-02T10:00:00.000Z",
    });
    expect((await ok<ManagedService>(call("GET", `/api/services/${backups.id}`))).impact).toBe("none");
  });
});

describe("an update told to the linked tickets", () => {
  it("comments once on each ticket and mails each requester once; resolving sends no rating mail", async () => {
    const incident = await declare({ clientIds: [companies.acme], title: "Microsoft 365 mail delayed" });
    // Three requesters; the first has two tickets and still gets one mail.
    const requesters = ["pat@acme.test", "lee@acme.test", "sam@acme.test"];
    const ids = [
      await staffTicket(requesters[0]!, "Pat"),
      await staffTicket(requesters[0]!, "Pat"),
      await staffTicket(requesters[1]!, "Lee"),
      await staffTicket(requesters[2]!, "Sam"),
    ];
    for (const id of ids) await ok(call("PUT", `/api/incidents/${incident.id}/tickets/${id}`, undefined, AGENT));
    // Linking twice is harmless.
    const linked = await ok<Incident>(call("PUT", `/api/incidents/${incident.id}/tickets/${ids[0]}`, undefined, AGENT));
    expect(linked.ticketIds.sort()).toEqual([...ids].sort());
    await worker.drainOnce();
    const before = smtp.received.length;

    const result = await ok<IncidentUpdateResult>(
      call(
        "POST",
        `/api/incidents/${incident.id}/updates`,
        {
          status: "IDENTIFIED",
          message: "Microsoft has identified the cause; mail is delayed by about an hour.",
          notifyTickets: true,
        },
        AGENT,
      ),
    );
    expect(result).toMatchObject({ ticketsCommented: 4, requestersMailed: 3, ticketsResolved: 0 });
    expect(result.incident.status).toBe("IDENTIFIED");
    const sent = await worker.drainOnce();
    expect(sent.failed + sent.retried).toBe(0);
    const received = smtp.received.slice(before);
    for (const address of requesters) {
      const theirs = received.filter((m) => m.rcptTo.includes(address));
      expect(theirs, address).toHaveLength(1);
      expect(theirs[0]!.subject).toBe("[Identified] Microsoft 365 mail delayed");
      expect(theirs[0]!.text).toContain("Microsoft has identified the cause");
    }
    expect(received).toHaveLength(3);
    for (const id of ids) {
      const comments = await server.services.db.select().from(ticketComments).where(eq(ticketComments.ticketId, id));
      expect(comments.filter((c) => !c.internal && c.content.startsWith("Microsoft has identified"))).toHaveLength(1);
    }

    const resolved = await ok<IncidentUpdateResult>(
      call(
        "POST",
        `/api/incidents/${incident.id}/updates`,
        { status: "RESOLVED", message: "Mail flows again.", resolveTickets: true },
        AGENT,
      ),
    );
    expect(resolved).toMatchObject({ ticketsCommented: 0, requestersMailed: 0, ticketsResolved: 4 });
    expect(resolved.incident.resolvedAt).not.toBeNull();
    for (const id of ids) {
      const [row] = await server.services.db.select({ status: tickets.status }).from(tickets).where(eq(tickets.id, id));
      expect(row!.status).toBe("RESOLVED");
    }
    await worker.drainOnce();
    expect(smtp.received.slice(before).filter((m) => requesters.some((r) => m.rcptTo.includes(r)))).toHaveLength(3);
  });

  it("refuses to resolve tickets by an update that does not resolve the incident, changing nothing", async () => {
    const incident = await declare({ clientIds: [companies.acme] });
    const before = await outboxCount();
    await expectRefused(
      await call(
        "POST",
        `/api/incidents/${incident.id}/updates`,
        { status: "MONITORING", message: "Watching", resolveTickets: true },
        AGENT,
      ),
      400,
      "Linked tickets can be resolved only by an update that resolves the incident",
      "BAD_REQUEST",
    );
    const after = await ok<Incident>(call("GET", `/api/incidents/${incident.id}`));
    expect(after.updates).toHaveLength(1);
    expect(await outboxCount()).toBe(before);
    expect(
      (
        await call(
          "POST",
          `/api/incidents/${incident.id}/updates`,
          { status: "MONITORING", message: "Watching" },
          VIEWER,
        )
      ).status,
    ).toBe(403);
  });

  it("suggests the open, unlinked tickets of affected companies while the incident is open", async () => {
    const incident = await declare({ clientIds: [companies.acme] });
    const first = await staffTicket("kim@acme.test", "Kim");
    const second = await staffTicket("ola@acme.test", "Ola");
    const suggested = async () =>
      (
        await ok<{ id: string }[]>(call("GET", `/api/incidents/${incident.id}/suggested-tickets`, undefined, VIEWER))
      ).map((t) => t.id);
    expect(await suggested()).toEqual(expect.arrayContaining([first, second]));
    await ok(call("PUT", `/api/incidents/${incident.id}/tickets/${first}`, undefined, AGENT));
    const after = await suggested();
    expect(after).toContain(second);
    expect(after).not.toContain(first);
    // Birch's incident does not suggest Acme's tickets; a client may not ask.
    const birchOnly = await declare({ clientIds: [companies.birch] });
    expect(
      await ok<unknown[]>(call("GET", `/api/incidents/${birchOnly.id}/suggested-tickets`, undefined, AGENT)),
    ).toEqual([]);
    expect((await call("GET", `/api/incidents/${incident.id}/suggested-tickets`, undefined, ACME)).status).toBe(403);
    await ok(call("POST", `/api/incidents/${incident.id}/updates`, { status: "RESOLVED", message: "Done." }, AGENT));
    expect(await suggested()).toEqual([]);
  });

  it("links only a ticket that exists", async () => {
    const incident = await declare({ clientIds: [companies.acme] });
    await expectRefused(
      await call("PUT", `/api/incidents/${incident.id}/tickets/0190a0a0-0000-7000-8000-000000000000`, undefined, AGENT),
      404,
      "Ticket not found",
      "NOT_FOUND",
    );
  });
});
