// Merge, linked tickets and a ticket's device (docs/features.md §8), over REST and tRPC, role by role: a merge moves a
// duplicate's comments, files and history to the ticket that stays and closes it with a pointer; the
// refusals change nothing; links may cross companies; a device must be the ticket's company's.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { attachments, auditLogs, devices, eq, ticketComments, tickets } from "@repo/db";
import type { DomainEvent } from "../events.js";
import { ACME, ADMIN, AGENT, BIRCH, CLIENT_TICKET, VIEWER, demoCompanies, uploadedId } from "../test/fixtures.js";
import { serverForFile } from "../test/file-server.js";
import { PNG, newMail } from "../test/mails.js";
import { ingestMail } from "../mail/inbound/ingest.js";
import { expectRefused } from "../test/refusals.js";
import type { StaffTicket } from "@repo/validators";

const { server, tokens } = serverForFile([ADMIN, AGENT, VIEWER, ACME, BIRCH]);
let companies: { acme: string; birch: string };
let events: DomainEvent[] = [];

beforeAll(async () => {
  companies = await demoCompanies(server);
  server.services.bus.subscribe((e) => events.push(e));
});
beforeEach(() => {
  events = [];
});

const call = (method: string, path: string, email: string, json?: unknown) =>
  server.request(path, { method, json, token: tokens[email] });
const post = (path: string, json: unknown, email: string) => call("POST", path, email, json);

/** A staff ticket of the company, with one public comment. */
async function ticketOf(clientId: string, title = "Outlook keeps asking for the password"): Promise<string> {
  const res = await post(
    "/api/tickets",
    {
      title,
      description: "Since this morning Outlook prompts for the password every few minutes.",
      type: "INCIDENT",
      priority: "P3",
      status: "TRIAGED",
      requesterName: "Pat Lee",
      requesterEmail: "pat@example.org",
      clientId,
    },
    AGENT,
  );
  expect(res.status).toBe(200);
  const { id } = (await res.json()) as { id: string };
  expect((await post(`/api/tickets/${id}/comments`, { content: `First reply on ${title}` }, AGENT)).status).toBe(200);
  return id;
}

const row = async (id: string) => (await server.services.db.select().from(tickets).where(eq(tickets.id, id)))[0]!;
const commentsOf = (id: string) =>
  server.services.db.select().from(ticketComments).where(eq(ticketComments.ticketId, id));
const historyOf = (id: string) => server.services.db.select().from(auditLogs).where(eq(auditLogs.ticketId, id));

/** A ticket as the refusals name it: "#" and the last 8 characters of its id. */
const ref = (id: string) => `#${id.slice(-8)}`;
/** A refusal as expectRefused checks it: the status, the message and the code. */
type Refusal = [status: number, error: string, code: string];
/** Asks, as `email`, to merge ticket `from` into `into`, and expects the refusal. */
const mergeRefused = async (from: string, into: string, email: string, ...refusal: Refusal) =>
  expectRefused(await post(`/api/tickets/${from}/merge`, { targetId: into }, email), ...refusal);
/** Asks, as `email`, to link ticket `from` to `to`, and expects the refusal. */
const linkRefused = async (from: string, to: string, email: string, ...refusal: Refusal) =>
  expectRefused(await post(`/api/tickets/${from}/links`, { ticketId: to }, email), ...refusal);

describe("merge", () => {
  it("moves comments, files and history to the target and closes the duplicate with a pointer", async () => {
    const target = await ticketOf(companies.acme, "Outlook password prompts");
    const source = await ticketOf(companies.acme, "Password prompt in Outlook again");
    // A client comment with a file on the duplicate, so a client's words and files move too.
    const fileId = await uploadedId(server, { name: "screen.png", bytes: PNG }, { token: tokens[ACME] });
    const clientComment = await post(
      `/api/client/tickets/${source}/comments`,
      { content: "Same here on the front desk PC.", attachments: [fileId] },
      ACME,
    );
    expect(clientComment.status).toBe(200);
    const sourceComments = await commentsOf(source);
    const sourceHistory = await historyOf(source);
    events = [];

    const res = await post(`/api/tickets/${source}/merge`, { targetId: target }, AGENT);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { source: StaffTicket; target: StaffTicket };
    expect(body.source).toMatchObject({ id: source, status: "CLOSED", mergedIntoId: target });
    expect(body.target.mergedFrom).toEqual([{ id: source, title: "Password prompt in Outlook again" }]);

    // Every comment moved with its author and time; the target's conversation holds both, in time order.
    const moved = await commentsOf(target);
    for (const c of sourceComments) {
      expect(moved).toContainEqual(
        expect.objectContaining({ id: c.id, authorName: c.authorName, createdAt: c.createdAt }),
      );
    }
    const [file] = await server.services.db.select().from(attachments).where(eq(attachments.id, fileId));
    expect(file!.ticketId).toBe(target);
    // History moved, marked as the duplicate's, with its times and actors.
    const targetHistory = await historyOf(target);
    for (const entry of sourceHistory) {
      expect(targetHistory).toContainEqual(
        expect.objectContaining({
          id: entry.id,
          actorName: entry.actorName,
          createdAt: entry.createdAt,
          mergedFromId: source,
        }),
      );
    }
    expect(targetHistory.filter((h) => h.action === "ticket.merged_in")).toHaveLength(1);
    // The duplicate keeps only the pointer: its merge entry and the comment naming the target.
    const left = await historyOf(source);
    expect(left.map((h) => h.action)).toEqual(["ticket.merged"]);
    expect(left[0]!.actorName).toBe("Sam Patel");
    const pointer = await commentsOf(source);
    expect(pointer).toHaveLength(1);
    expect(pointer[0]!.content).toContain(ref(target));

    // The staff history read says which entries came from the duplicate.
    const history = (await (await call("GET", `/api/tickets/${target}/history`, VIEWER)).json()) as {
      history: { mergedFromId: string | null }[];
    };
    expect(history.history.filter((h) => h.mergedFromId === source).length).toBe(sourceHistory.length);

    // The client sees the pointer on the duplicate and the conversation on the target.
    const clientSource = await (await call("GET", `/api/client/tickets/${source}`, ACME)).json();
    expect(clientSource).toMatchObject({ status: "CLOSED", mergedIntoId: target });
    const clientTarget = (await (await call("GET", `/api/client/tickets/${target}`, ACME)).json()) as {
      comments: { content: string }[];
    };
    expect(clientTarget.comments.map((c) => c.content)).toContain("Same here on the front desk PC.");

    // Live events for both tickets, after commit.
    const updated = events.filter((e) => e.type === "ticket.updated").map((e) => e.ticketId);
    expect(updated.sort()).toEqual([source, target].sort());
  });

  it("refuses a merge into itself, across companies, and into or of a merged ticket, changing nothing", async () => {
    const acmeTicket = await ticketOf(companies.acme);
    const birchTicket = await ticketOf(companies.birch);
    const before = await row(acmeTicket);
    events = [];

    await mergeRefused(acmeTicket, acmeTicket, AGENT, 400, "A ticket cannot be merged into itself", "BAD_REQUEST");
    await mergeRefused(
      acmeTicket,
      birchTicket,
      ADMIN,
      400,
      "Tickets of different companies cannot be merged",
      "BAD_REQUEST",
    );
    expect(await row(acmeTicket)).toEqual(before);
    expect(await commentsOf(acmeTicket)).toHaveLength(1);
    expect(await commentsOf(birchTicket)).toHaveLength(1);

    // A merged ticket can be neither merged again nor merged into.
    const target = await ticketOf(companies.acme);
    expect((await post(`/api/tickets/${acmeTicket}/merge`, { targetId: target }, AGENT)).status).toBe(200);
    const other = await ticketOf(companies.acme);
    const merged = `Ticket ${ref(acmeTicket)} is already merged into ticket ${ref(target)}`;
    await mergeRefused(acmeTicket, other, AGENT, 409, merged, "CONFLICT");
    const mergedInto = `Ticket ${ref(acmeTicket)} was merged into ticket ${ref(target)}: merge into that ticket instead`;
    await mergeRefused(other, acmeTicket, AGENT, 409, mergedInto, "CONFLICT");
    expect((await row(other)).mergedIntoId).toBeNull();
    expect(await commentsOf(other)).toHaveLength(1);
    await mergeRefused(other, "not-a-ticket", AGENT, 404, "Ticket not found", "NOT_FOUND");
    const empty = await post(`/api/tickets/${other}/merge`, { targetId: "" }, AGENT);
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ error: "Choose the ticket to merge into" });
  });

  it("is for admins and agents: a viewer is refused, a client has no access, over REST and tRPC", async () => {
    const source = await ticketOf(companies.acme);
    const target = await ticketOf(companies.acme);
    await mergeRefused(source, target, VIEWER, 403, "Viewers have read-only access", "FORBIDDEN");
    expect((await post(`/api/tickets/${source}/merge`, { targetId: target }, ACME)).status).toBe(403);
    expect((await post("/trpc/tickets.merge", { id: source, targetId: target }, BIRCH)).status).toBe(403);
    expect(
      await server.request(`/api/tickets/${source}/merge`, { method: "POST", json: { targetId: target } }),
    ).toMatchObject({
      status: 401,
    });
    expect((await row(source)).mergedIntoId).toBeNull();
    expect((await post("/trpc/tickets.merge", { id: source, targetId: target }, ADMIN)).status).toBe(200);
    expect((await row(source)).mergedIntoId).toBe(target);
  });

  it("puts a mailed reply to the merged duplicate on the ticket that stays", async () => {
    const target = await ticketOf(companies.acme, "Shared drive offline");
    const source = await ticketOf(companies.acme, "Cannot reach the S: drive");
    expect((await post(`/api/tickets/${source}/merge`, { targetId: target }, AGENT)).status).toBe(200);
    const raw = await newMail(
      '"Pat Lee" <pat@example.org>',
      `Re: Cannot reach the S: drive [${ref(source)}]`,
      "Still down here.",
    );
    const result = await ingestMail(server.services, raw, "webhook");
    expect(result).toMatchObject({ outcome: "comment" });
    expect((await commentsOf(target)).map((c) => c.content)).toContain("Still down here.");
    expect((await commentsOf(source)).map((c) => c.content)).not.toContain("Still down here.");
  });

  it("mails the duplicate's requester where the conversation continues, under the kept ticket's subject", async () => {
    const target = await ticketOf(companies.acme, "Scanner offline at reception");
    const source = await ticketOf(companies.acme, "Front desk scanner not found");
    expect((await post(`/api/tickets/${source}/merge`, { targetId: target }, AGENT)).status).toBe(200);
    // Every ticket of this file is Pat's: the mail of this merge is the one naming this duplicate.
    const merged = (await server.mailsTo("pat@example.org")).filter(
      (m) => m.kind === "ticket.merged" && m.text.includes(ref(source)),
    );
    expect(merged).toHaveLength(1);
    expect(merged[0]!.subject).toContain(ref(target));
    expect(merged[0]!.text).toContain(`Your ticket ${ref(source)}`);
    expect(merged[0]!.text).toContain(ref(target));
  });

  it("counts a merged duplicate in no SLA figure of the reports", async () => {
    const p3 = async () => {
      const res = await call("GET", "/api/reports", ADMIN);
      const report = (await res.json()) as {
        slaAttainment: { priority: string; responseKnown: number; resolutionKnown: number; resolutionMet: number }[];
        resolution: { tickets: number }[];
      };
      const row = report.slaAttainment.find((r) => r.priority === "P3")!;
      return { ...row, resolved: report.resolution.reduce((sum, b) => sum + b.tickets, 0) };
    };
    const target = await ticketOf(companies.acme, "Label printer prints blank labels");
    const source = await ticketOf(companies.acme, "Blank labels from the label printer");
    const before = await p3();
    expect((await post(`/api/tickets/${source}/merge`, { targetId: target }, AGENT)).status).toBe(200);
    const after = await p3();
    // The duplicate's answer no longer counts, and its closing is not a resolution met in time.
    expect(after.responseKnown).toBe(before.responseKnown - 1);
    expect(after.resolutionKnown).toBe(before.resolutionKnown);
    expect(after.resolutionMet).toBe(before.resolutionMet);
    expect(after.resolved).toBe(before.resolved);
  });
});

describe("links", () => {
  it("links two tickets both ways, across companies, and unlinks them, audited on both", async () => {
    const problem = await ticketOf(companies.acme, "Mail server outage");
    const symptom = await ticketOf(companies.birch, "Cannot send mail");
    events = [];
    const res = await post(`/api/tickets/${symptom}/links`, { ticketId: problem, kind: "caused_by" }, AGENT);
    expect(res.status).toBe(200);
    const { links } = (await res.json()) as { links: { id: string; label: string; ticket: { id: string } }[] };
    expect(links).toEqual([
      expect.objectContaining({
        kind: "caused_by",
        label: "Caused by",
        ticket: expect.objectContaining({ id: problem, clientName: "Acme Dental" }),
      }),
    ]);
    const back = (await (await call("GET", `/api/tickets/${problem}/links`, VIEWER)).json()) as { links: typeof links };
    expect(back.links).toEqual([
      expect.objectContaining({ label: "Causes", ticket: expect.objectContaining({ id: symptom }) }),
    ]);
    expect(
      events
        .filter((e) => e.type === "ticket.updated")
        .map((e) => e.ticketId)
        .sort(),
    ).toEqual([problem, symptom].sort());
    for (const id of [problem, symptom]) {
      expect((await historyOf(id)).some((h) => h.action === "link.added")).toBe(true);
    }

    // One link per pair, whichever way round; never to itself.
    const linked = `Ticket ${ref(problem)} is already linked to ticket ${ref(symptom)}`;
    await linkRefused(problem, symptom, ADMIN, 409, linked, "CONFLICT");
    await linkRefused(problem, problem, ADMIN, 400, "A ticket cannot be linked to itself", "BAD_REQUEST");
    await linkRefused(problem, symptom, VIEWER, 403, "Viewers have read-only access", "FORBIDDEN");
    expect((await call("GET", `/api/tickets/${problem}/links`, ACME)).status).toBe(403);

    // Unlinked from the other side, by a viewer refused first.
    const linkId = links[0]!.id;
    expect((await call("DELETE", `/api/tickets/${problem}/links/${linkId}`, VIEWER)).status).toBe(403);
    const other = await ticketOf(companies.acme);
    expect((await call("DELETE", `/api/tickets/${other}/links/${linkId}`, AGENT)).status).toBe(404);
    const gone = await call("DELETE", `/api/tickets/${problem}/links/${linkId}`, AGENT);
    expect(gone.status).toBe(200);
    expect(await gone.json()).toEqual({ links: [] });
    expect((await historyOf(symptom)).some((h) => h.action === "link.removed")).toBe(true);
  });
});

describe("a ticket's device", () => {
  const deviceOf = async (clientId: string) =>
    (await server.services.db.select().from(devices).where(eq(devices.clientId, clientId)))[0]!;

  it("names a device of the ticket's company; another company's device is refused and changes nothing", async () => {
    const ticket = await ticketOf(companies.acme);
    const acmeDevice = await deviceOf(companies.acme);
    const birchDevice = await deviceOf(companies.birch);

    await expectRefused(
      await call("PUT", `/api/tickets/${ticket}/device`, AGENT, { deviceId: birchDevice.id }),
      400,
      "Choose a device of the ticket's company",
      "BAD_REQUEST",
    );
    expect((await (await call("GET", `/api/tickets/${ticket}`, AGENT)).json()).device).toBeNull();
    expect((await call("PUT", `/api/tickets/${ticket}/device`, VIEWER, { deviceId: acmeDevice.id })).status).toBe(403);

    const set = await call("PUT", `/api/tickets/${ticket}/device`, AGENT, { deviceId: acmeDevice.id });
    expect(set.status).toBe(200);
    expect(((await set.json()) as StaffTicket).device).toMatchObject({ id: acmeDevice.id });
    expect((await historyOf(ticket)).some((h) => h.changes?.deviceId?.to === acmeDevice.id)).toBe(true);

    // Moving the ticket to another company drops the old company's device.
    expect((await call("PATCH", `/api/tickets/${ticket}`, AGENT, { clientId: companies.birch })).status).toBe(200);
    expect((await (await call("GET", `/api/tickets/${ticket}`, AGENT)).json()).device).toBeNull();
  });

  it("lets a client name one of its own devices on a new ticket, never another company's", async () => {
    const own = await deviceOf(companies.acme);
    const foreign = await deviceOf(companies.birch);
    const refused = await post("/api/client/tickets", { ...CLIENT_TICKET, deviceId: foreign.id }, ACME);
    await expectRefused(refused, 400, "Choose a device of the ticket's company", "BAD_REQUEST");
    const before = await server.services.db.select().from(tickets).where(eq(tickets.clientId, companies.acme));

    const res = await post("/api/client/tickets", { ...CLIENT_TICKET, deviceId: own.id }, ACME);
    expect(res.status).toBe(200);
    const created = (await res.json()) as { id: string; device: { id: string; label: string } };
    expect(created.device).toMatchObject({ id: own.id });
    expect(created.device.label).toContain(own.serialNumber);
    const after = await server.services.db.select().from(tickets).where(eq(tickets.clientId, companies.acme));
    expect(after.length).toBe(before.length + 1);
  });
});

describe("the ticket search", () => {
  it("finds a ticket by its reference, with or without #", async () => {
    const id = await ticketOf(companies.birch, "Reference search target");
    for (const q of [ref(id), id.slice(-8).toUpperCase()]) {
      const res = await call("GET", `/api/tickets?q=${encodeURIComponent(q)}`, VIEWER);
      const { tickets: found } = (await res.json()) as { tickets: { id: string }[] };
      expect(found.map((t) => t.id)).toContain(id);
    }
  });
});
