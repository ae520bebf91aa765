// A ticket's mails in pages (docs/performance.md §4) over REST, for staff: pages put together are the ticket's mails
// newest first (mails written at the same instant included), with no gap and no repeat, another ticket's
// mails never among them; the list call answers as before; a cursor must be a mail of the same ticket.
import { beforeAll, describe, expect, it } from "vitest";
import { eq, outbox } from "@repo/db";
import { ACME, AGENT, CLIENT_TICKET } from "../test/fixtures.js";
import { serverForFile } from "../test/file-server.js";
import { allPages, expectCursorRefusals, okJson } from "../test/pages.js";
import { expectRefused, expectTicketNotFound } from "../test/refusals.js";
import type { MailSummary } from "./mail.js";

const { server, tokens } = serverForFile([AGENT, ACME]);

interface MailPage {
  mails: MailSummary[];
  nextCursor: string | null;
}

let ticketId: string;
let otherTicketId: string;
/** The ids of `ticketId`'s mails: those its creation queued, and those written here. */
const mailIds: string[] = [];

async function openTicket(): Promise<string> {
  const res = await server.request("/api/client/tickets", { method: "POST", json: CLIENT_TICKET, token: tokens[ACME] });
  expect(res.status).toBe(200);
  return ((await res.json()) as { id: string }).id;
}

const mailRow = (ticket: string, i: number, createdAt: Date) => ({
  kind: "ticket.reply",
  to: `person${i}@example.org`,
  subject: `Mail ${i}`,
  text: `Hello ${i}`,
  ticketId: ticket,
  status: i % 3 === 0 ? ("failed" as const) : ("sent" as const),
  createdAt,
});

beforeAll(async () => {
  ticketId = await openTicket();
  otherTicketId = await openTicket();
  const queued = await server.services.db.select({ id: outbox.id }).from(outbox).where(eq(outbox.ticketId, ticketId));
  expect(queued.length).toBeGreaterThan(0);
  // Eleven mails, six of them written at the same instant; the other ticket's mails are interleaved in time.
  const same = new Date("2026-03-08T07:30:00.123Z");
  const rows = await server.services.db
    .insert(outbox)
    .values(
      Array.from({ length: 11 }, (_, i) => mailRow(ticketId, i, i < 6 ? same : new Date(Date.UTC(2026, 2, 8, 8, i)))),
    )
    .returning({ id: outbox.id });
  mailIds.push(...queued.map((r) => r.id), ...rows.map((r) => r.id));
  await server.services.db
    .insert(outbox)
    .values([mailRow(otherTicketId, 100, same), mailRow(otherTicketId, 101, new Date(Date.UTC(2026, 2, 8, 8, 5)))]);
});

const get = (path: string, email = AGENT) => server.request(path, { token: tokens[email] });
const json = <T>(path: string) => get(path).then((res) => okJson<T>(res, path));
const pagesOf = (limit: number) =>
  allPages((path) => json<MailPage>(path), `/api/tickets/${ticketId}/mails/page?limit=${limit}&`);

describe("a ticket's mail pages", () => {
  it("put together, are the ticket's mails newest first, each once, the last page saying so", async () => {
    const { mails: whole } = await json<{ mails: MailSummary[] }>(`/api/tickets/${ticketId}/mails`);
    // The ticket's mails, each once; nothing of the other ticket.
    expect(whole.map((m) => m.id).sort()).toEqual([...mailIds].sort());
    expect(whole.length).toBeGreaterThan(11);
    // Newest first; mails of one instant newest id first (ids are time-ordered).
    const keys = whole.map((m) => `${m.createdAt} ${m.id}`);
    expect(keys).toEqual([...keys].sort().reverse());

    for (const limit of [1, 4, 5, whole.length, 20]) {
      const pages = await pagesOf(limit);
      const paged = pages.flatMap((p) => p.mails);
      expect(paged, `limit ${limit}`).toEqual(whole);
      expect(new Set(paged.map((m) => m.id)).size).toBe(paged.length);
      expect(pages).toHaveLength(Math.max(1, Math.ceil(whole.length / limit)));
      expect(pages.slice(0, -1).every((p) => p.mails.length === limit && p.nextCursor === p.mails.at(-1)!.id)).toBe(
        true,
      );
      expect(pages.at(-1)!.nextCursor).toBeNull();
    }
    // The default page holds them all.
    expect(await json(`/api/tickets/${ticketId}/mails/page`)).toEqual({ mails: whole, nextCursor: null });
  });

  it("leave the list call as it was, which also takes a cursor and a limit", async () => {
    const { mails: whole } = await json<{ mails: MailSummary[] }>(`/api/tickets/${ticketId}/mails`);
    expect(await json(`/api/tickets/${ticketId}/mails?limit=3&cursor=${whole[4]!.id}`)).toEqual({
      mails: whole.slice(5, 8),
    });
    expect(await json(`/api/tickets/${ticketId}/mails?cursor=${whole[4]!.id}`)).toEqual({ mails: whole.slice(5) });
    expect(await json(`/api/tickets/${ticketId}/mails?limit=2`)).toEqual({ mails: whole.slice(0, 2) });
  });

  it("refuse a cursor that is not a mail of this ticket, and keep clients out", async () => {
    await expectCursorRefusals({ server, tokens }, `/api/tickets/${ticketId}/mails`, {
      what: "mails",
      notAnId: "not-a-mail",
    });
    // The client's own ticket: the answer holds no mail, only the refusal.
    const refused = await get(`/api/tickets/${ticketId}/mails/page`, ACME);
    expect(refused.status).toBe(403);
    expect(JSON.stringify(await refused.json())).not.toContain("example.org");
    // Another ticket's mail is a forged cursor here.
    const { mails: others } = await json<{ mails: MailSummary[] }>(`/api/tickets/${otherTicketId}/mails`);
    for (const path of [`/api/tickets/${ticketId}/mails/page`, `/api/tickets/${ticketId}/mails`]) {
      await expectRefused(
        await get(`${path}?cursor=${others[0]!.id}`),
        400,
        "That page of mails no longer exists: start again from the first page",
        "BAD_REQUEST",
      );
    }
    await expectTicketNotFound(await get(`/api/tickets/${crypto.randomUUID()}/mails/page`));
    await expectTicketNotFound(await get("/api/tickets/nope/mails/page"));
    expect((await get(`/api/tickets/${ticketId}/mails/page?limit=0`)).status).toBe(400);
    expect((await get(`/api/tickets/${ticketId}/mails/page?limit=101`)).status).toBe(400);
  });
});
