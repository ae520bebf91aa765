// Each change that should tell someone produces exactly one mail, with the right recipient, subject and
// reference, delivered through a real SMTP server on loopback; an internal note produces none. Changes
// are made over REST as the portals make them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clients, eq, outbox, tickets } from "@repo/db";
import { site } from "@repo/content";
import { sweepSla } from "../sla/sweep.js";
import { simpleParser } from "mailparser";
import { ADMIN, AGENT, ACME as DANA, demoCompanies, signIn, uploadedId, userIds } from "../test/fixtures.js";
import { PNG } from "../test/mails.js";
import { startTestServer, type TestServer } from "../test/harness.js";
import { createTicket } from "../tickets/service.js";
import { enqueueMail } from "./outbox.js";
import { startSmtpTestServer, type ReceivedMail, type SmtpTestServer } from "./smtp-test-server.js";
import { createMailWorker, createSmtpTransport, type MailWorker } from "./worker.js";
import { systemScope } from "../auth/scope.js";

let server: TestServer;
let smtp: SmtpTestServer;
let worker: MailWorker;
let acme: string;
let agentId: string;
let adminId: string;
let tokens: Record<string, string>;

const PAT = "pat@example.org";
const TITLE = "Printer on the second floor jams";

beforeAll(async () => {
  // Each public submission comes from its own address (X-Forwarded-For), clear of the per-IP limit.
  server = await startTestServer({ config: { TRUST_PROXY: 1 } });
  smtp = await startSmtpTestServer();
  worker = createMailWorker({
    db: server.services.db,
    files: server.services.files,
    transport: createSmtpTransport(smtp.url),
  });
  ({ acme } = await demoCompanies(server));
  // Pat writes through the public form from a domain Acme trusts: the mails of a ticket not held for
  // review (held intake has its own tests, tickets/held.test.ts).
  await server.services.db
    .update(clients)
    .set({ trustedDomains: ["example.org"] })
    .where(eq(clients.id, acme));
  const ids = await userIds(server);
  agentId = ids[AGENT]!;
  adminId = ids[ADMIN]!;
  tokens = await signIn(server, [ADMIN, AGENT, DANA]);
});
afterAll(async () => {
  await worker?.stop();
  await smtp?.stop();
  await server?.close();
});

// ---- Helpers: the portals' calls ----

async function call(path: string, init: { method?: string; json?: unknown; as?: string; ip?: string } = {}) {
  const headers: Record<string, string> = init.ip ? { "x-forwarded-for": init.ip } : {};
  const res = await server.request(path, {
    method: init.method ?? "GET",
    json: init.json,
    token: init.as && tokens[init.as],
    headers,
  });
  const body = (await res.json()) as Record<string, unknown>;
  expect(res.status, JSON.stringify(body)).toBeLessThan(300);
  return body;
}

let visitor = 0;
const form = { title: TITLE, description: "The printer jams on every second page since this morning, all trays." };

/** The public form (no session); returns the ticket id. */
async function submitPublicTicket(): Promise<string> {
  const body = await call("/api/tickets", {
    method: "POST",
    ip: `203.0.113.${++visitor}`,
    json: {
      ...form,
      requesterName: "Pat Visitor",
      requesterEmail: PAT,
      clientId: acme,
      priority: "P3",
      type: "Incident",
    },
  });
  return body.id as string;
}

async function submitClientTicket(): Promise<string> {
  const body = await call("/api/client/tickets", {
    method: "POST",
    as: DANA,
    json: { ...form, type: "INCIDENT", priority: "P3", requesterName: "Dana Whitfield", requesterEmail: DANA },
  });
  return body.id as string;
}

async function createStaffTicket(extra: Record<string, unknown> = {}, as = AGENT): Promise<string> {
  const body = await call("/api/tickets", {
    method: "POST",
    as,
    json: {
      ...form,
      type: "INCIDENT",
      priority: "P3",
      requesterName: "Pat Visitor",
      requesterEmail: PAT,
      clientId: acme,
      ...extra,
    },
  });
  return body.id as string;
}

const staffComment = (id: string, content: string, internal: boolean) =>
  call(`/api/tickets/${id}/comments`, { method: "POST", as: AGENT, json: { content, internal } });
const editTicket = (id: string, patch: Record<string, unknown>, as = AGENT) =>
  call(`/api/tickets/${id}`, { method: "PATCH", as, json: patch });

/** The mails that one action caused, as the SMTP server received them. */
async function mailsOf(action: () => Promise<unknown>): Promise<ReceivedMail[]> {
  await worker.drainOnce();
  const before = smtp.received.length;
  await action();
  const result = await worker.drainOnce();
  expect(result.retried + result.failed).toBe(0);
  return smtp.received.slice(before);
}

const ref = (id: string) => `#${id.slice(-8)}`;
const to = (mails: ReceivedMail[], address: string) => mails.filter((m) => m.rcptTo.includes(address));

// ---- The triggers ----

describe("mails to the requester", () => {
  it("a public ticket: 'ticket received' with its reference and what happens next, and 'new ticket' to the provider", async () => {
    let id = "";
    const mails = await mailsOf(async () => (id = await submitPublicTicket()));
    expect(mails).toHaveLength(2);
    const [received] = to(mails, PAT);
    expect(received!.subject).toBe(`[${site.name} ${ref(id)}] ${TITLE}`);
    expect(received!.headers["from"]).toContain(site.supportEmail);
    expect(received!.text).toContain(ref(id));
    expect(received!.text).toContain(id);
    expect(received!.text).toContain("What happens next");
    expect(received!.text).toContain(`by email to ${PAT}`);
    // A visitor without a portal account gets no portal link.
    expect(received!.text).not.toContain("/client/tickets/");

    const [inbox] = to(mails, site.supportEmail);
    expect(inbox!.subject).toBe(`New ticket: [${ref(id)}] ${TITLE}`);
    expect(inbox!.text).toContain("public form");
    expect(inbox!.text).toContain(`/tickets/${id}`);
  });

  it("a client user's ticket: 'ticket received' links to the client portal", async () => {
    let id = "";
    const mails = await mailsOf(async () => (id = await submitClientTicket()));
    expect(mails).toHaveLength(2);
    expect(to(mails, DANA)).toHaveLength(1);
    expect(to(mails, DANA)[0]!.text).toContain(`http://localhost:3000/client/tickets/${id}`);
    expect(to(mails, site.supportEmail)).toHaveLength(1);
  });

  it("a public staff reply: one mail to the requester, quoting the reply", async () => {
    const id = await submitPublicTicket();
    const mails = await mailsOf(() => staffComment(id, "Please power-cycle the printer.", false));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.rcptTo).toEqual([PAT]);
    expect(mails[0]!.subject).toBe(`Re: [${site.name} ${ref(id)}] ${TITLE}`);
    expect(mails[0]!.text).toContain("Sam Patel replied to your ticket");
    expect(mails[0]!.text).toContain("> Please power-cycle the printer.");
  });

  it("a public staff reply with files: they go with the mail, those over the mail's budget are named", async () => {
    const id = await submitPublicTicket();
    const token = tokens[AGENT];
    const screenshot = await uploadedId(server, { name: "steps.png", bytes: PNG }, { token });
    const bigLog = { name: "spooler.log", bytes: Buffer.alloc(10 * 1024 * 1024, "a") };
    const logs = [await uploadedId(server, bigLog, { token }), await uploadedId(server, bigLog, { token })];
    const [mail] = await mailsOf(() =>
      call(`/api/tickets/${id}/comments`, {
        method: "POST",
        as: AGENT,
        json: { content: "See the steps.", internal: false, attachments: [screenshot, ...logs] },
      }),
    );
    const parsed = await simpleParser(mail!.raw);
    expect(parsed.attachments.map((a) => [a.filename, a.contentType, a.size])).toEqual([
      ["steps.png", "image/png", PNG.length],
      ["spooler.log", "text/plain", 10 * 1024 * 1024],
    ]);
    expect(parsed.text).toContain("Too large to send by email, kept with the ticket: spooler.log.");
  });

  it("an internal note: no mail at all, and nothing of it in the outbox", async () => {
    const id = await submitPublicTicket();
    const mails = await mailsOf(() => staffComment(id, "Internal: toner vendor is slow.", true));
    expect(mails).toHaveLength(0);
    const rows = await server.services.db.select().from(outbox).where(eq(outbox.ticketId, id));
    expect(rows.map((r) => r.kind).sort()).toEqual(["ticket.new", "ticket.received"]);
    expect(rows.some((r) => r.text.includes("toner vendor"))).toBe(false);
  });

  it.each([
    ["WAITING_CUSTOMER", "Waiting on Customer"],
    ["RESOLVED", "Resolved"],
    ["CLOSED", "Closed"],
  ] as const)("a status change to %s: one mail to the requester", async (status, label) => {
    const id = await submitPublicTicket();
    const mails = await mailsOf(() => editTicket(id, { status }));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.rcptTo).toEqual([PAT]);
    expect(mails[0]!.subject).toBe(`Re: [${site.name} ${ref(id)}] ${TITLE}`);
    expect(mails[0]!.text).toContain(`Your ticket ${ref(id)} is now ${label}.`);
  });

  it("other status changes and plain edits send nothing", async () => {
    const id = await submitPublicTicket();
    const mails = await mailsOf(async () => {
      await editTicket(id, { status: "IN_PROGRESS" });
      await editTicket(id, { status: "ON_HOLD", title: "Printer jams (all trays)" });
    });
    expect(mails).toHaveLength(0);
  });
});

describe("mails to the provider's inbox", () => {
  it("a client's comment: one mail to the support inbox", async () => {
    const id = await submitClientTicket();
    const mails = await mailsOf(() =>
      call(`/api/client/tickets/${id}/comments`, {
        method: "POST",
        as: DANA,
        json: { content: "It jams on tray 2 only." },
      }),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.rcptTo).toEqual([site.supportEmail]);
    expect(mails[0]!.subject).toBe(`Client comment: [${ref(id)}] ${TITLE}`);
    expect(mails[0]!.text).toContain("> It jams on tray 2 only.");
  });

  it("a contact enquiry: one mail to the provider's public address with service and ref, answered straight to the visitor", async () => {
    const mails = await mailsOf(() =>
      call("/api/contact", {
        method: "POST",
        ip: "198.51.100.7",
        json: {
          firstName: "Lee",
          lastName: "Ng",
          email: "lee@example.org",
          company: "Ng Dental",
          service: "cloud-migration-lite",
          message: "We have 12 mailboxes to move.",
          ref: "homepage",
        },
      }),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.rcptTo).toEqual([site.email]);
    expect(mails[0]!.subject).toBe("New enquiry from Lee Ng (cloud-migration-lite)");
    expect(mails[0]!.headers["reply-to"]).toBe("lee@example.org");
    expect(mails[0]!.text).toContain("Service: cloud-migration-lite");
    expect(mails[0]!.text).toContain("Ref: homepage");
    expect(mails[0]!.text).toContain("> We have 12 mailboxes to move.");
  });
});

describe("mails to the assignee", () => {
  it("a ticket assigned by someone else: one mail to the assignee; assigning oneself sends nothing", async () => {
    const id = await submitPublicTicket();
    const mails = await mailsOf(() => editTicket(id, { assigneeId: agentId }, ADMIN));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.rcptTo).toEqual([AGENT]);
    expect(mails[0]!.subject).toBe(`Assigned to you: [${ref(id)}] ${TITLE}`);

    expect(await mailsOf(() => editTicket(id, { assigneeId: adminId }, ADMIN))).toHaveLength(0);
  });

  it("a staff-created ticket with an assignee: 'received' to the requester and 'assigned' to the assignee, nothing to the inbox", async () => {
    const mails = await mailsOf(() => createStaffTicket({ assigneeId: agentId }, ADMIN));
    expect(mails.map((m) => m.rcptTo[0]).sort()).toEqual([AGENT, PAT]);
  });

  it("the SLA sweep's at-risk and overdue transitions: one mail each, to the assignee (the support inbox when unassigned)", async () => {
    const db = server.services.db;
    const assigned = await createStaffTicket({ priority: "P1", assigneeId: agentId });
    const unassigned = await createStaffTicket({ priority: "P1" });
    const [created] = await db.select({ at: tickets.createdAt }).from(tickets).where(eq(tickets.id, assigned));
    const hours = (h: number) => new Date(created!.at.getTime() + h * 3_600_000);

    // P1: 8 hours around the clock. After 7 hours 87% is used (at risk); after 9 the ticket is overdue.
    for (const [at, state, prefix] of [
      [hours(7), "at_risk", "SLA at risk"],
      [hours(9), "overdue", "SLA overdue"],
    ] as const) {
      let transitions: Awaited<ReturnType<typeof sweepSla>> = [];
      const mails = await mailsOf(
        async () => (transitions = await sweepSla(db, server.services.bus, systemScope("job"), at)),
      );
      // Every transition (demo tickets cross too) yields exactly one mail.
      expect(mails).toHaveLength(transitions.length);
      expect(transitions.filter((t) => t.ticketId === assigned).map((t) => t.state)).toEqual([state]);
      const mine = mails.filter((m) => m.subject.includes(ref(assigned)));
      expect(mine.map((m) => [m.rcptTo[0], m.subject])).toEqual([[AGENT, `${prefix}: [${ref(assigned)}] ${TITLE}`]]);
      const orphan = mails.filter((m) => m.subject.includes(ref(unassigned)));
      expect(orphan.map((m) => m.rcptTo[0])).toEqual([site.supportEmail]);
    }
  });

  it("a write that makes a ticket overdue (a raised priority): one mail to the assignee", async () => {
    const longAgo = new Date(Date.now() - 10 * 3_600_000);
    const ticket = await createTicket(server.services, {
      scope: systemScope("seed"),
      input: {
        ...form,
        type: "INCIDENT",
        priority: "P4",
        requesterName: "Pat Visitor",
        requesterEmail: PAT,
        clientId: acme,
        assigneeId: agentId,
      },
      source: "staff",
      actor: { id: agentId, name: "Sam Patel", role: "AGENT" },
      now: longAgo,
    });
    const mails = await mailsOf(() => editTicket(ticket.id, { priority: "P1" }, ADMIN));
    expect(mails.map((m) => [m.rcptTo[0], m.subject])).toEqual([[AGENT, `SLA overdue: [${ref(ticket.id)}] ${TITLE}`]]);
  });
});

describe("threading", () => {
  it("one ticket's mails share one thread root, each has its own Message-ID, and Reply-To names the ticket", async () => {
    let id = "";
    const mails = await mailsOf(async () => {
      id = await submitPublicTicket();
      await staffComment(id, "Looking into it.", false);
      await editTicket(id, { status: "RESOLVED" });
    });
    const toRequester = to(mails, PAT);
    expect(toRequester).toHaveLength(3);
    const [{ replyToken }] = (await server.services.db
      .select({ replyToken: tickets.replyToken })
      .from(tickets)
      .where(eq(tickets.id, id))) as [{ replyToken: string }];
    const root = `<ticket-${id}@northwind.test>`;
    for (const m of mails) {
      expect(m.headers["in-reply-to"]).toBe(root);
      expect(m.headers["references"]).toBe(root);
      expect(m.headers["reply-to"]).toBe(`support+${replyToken}@northwind.test`);
    }
    expect(new Set(mails.map((m) => m.messageId)).size).toBe(mails.length);
    // Gmail threads by subject too: the requester's subjects differ only by "Re: ".
    expect(new Set(toRequester.map((m) => m.subject.replace(/^Re: /, ""))).size).toBe(1);
  });
});

describe("the outbox shares the change's transaction", () => {
  it("a mail written in a transaction that rolls back is gone with it", async () => {
    const db = server.services.db;
    const count = async () => (await db.select().from(outbox)).length;
    const n = await count();
    await expect(
      db.transaction(async (tx) => {
        await enqueueMail(tx, { kind: "enquiry.new", to: site.email, subject: "x", text: "x", html: "x" });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await count()).toBe(n);
  });
});
