// A ticket's comments in pages (docs/performance.md §4) over real HTTP, for staff and for the client: pages
// put together are the whole list in the ticket's order (comments written at the same instant included), the total is
// counted on every page, a client never sees an internal note nor pages through another company's ticket.
import { beforeAll, describe, expect, it } from "vitest";
import { ticketComments } from "@repo/db";
import { ACME, AGENT, BIRCH, CLIENT_TICKET } from "../test/fixtures.js";
import { serverForFile } from "../test/file-server.js";
import { allPages, okJson } from "../test/pages.js";
import { expectRefused, expectTicketNotFound } from "../test/refusals.js";

const { server, tokens } = serverForFile([ACME, BIRCH, AGENT]);

interface Comment {
  id: string;
  content: string;
  internal?: boolean;
}
interface CommentPage {
  comments: Comment[];
  nextCursor: string | null;
  total: number;
}

const get = (path: string, email = AGENT) => server.request(path, { token: tokens[email] });
const json = <T>(path: string, email = AGENT) => get(path, email).then((res) => okJson<T>(res, path));

let ticketId: string;
let birchTicketId: string;

async function openTicket(email: string): Promise<string> {
  const res = await server.request("/api/client/tickets", {
    method: "POST",
    json: { ...CLIENT_TICKET, requesterEmail: email },
    token: tokens[email],
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { id: string }).id;
}

beforeAll(async () => {
  ticketId = await openTicket(ACME);
  birchTicketId = await openTicket(BIRCH);
  // Eleven comments, every third an internal note, five of them written at the same instant.
  const same = new Date("2026-03-08T07:30:00.123Z");
  await server.services.db.insert(ticketComments).values(
    Array.from({ length: 11 }, (_, i) => ({
      ticketId,
      authorName: "Alex Agent",
      content: `Comment ${i}`,
      internal: i % 3 === 2,
      createdAt: i >= 3 && i < 8 ? same : new Date(Date.UTC(2026, 2, 8, 7, 0, i)),
    })),
  );
  await server.services.db
    .insert(ticketComments)
    .values({ ticketId: birchTicketId, authorName: "Alex Agent", content: "Birch's comment" });
});

const pagesOf = (base: string, limit: number, email = AGENT) =>
  allPages((path) => json<CommentPage>(path, email), `${base}?limit=${limit}&`);

describe("a ticket's comment pages", () => {
  it("give staff every comment and note in the ticket's order, the total on every page", async () => {
    const { comments: whole } = await json<{ comments: Comment[] }>(`/api/tickets/${ticketId}/comments`);
    const { comments: onTicket } = await json<{ comments: Comment[] }>(`/api/tickets/${ticketId}`);
    expect(whole).toEqual(onTicket);
    expect(whole).toHaveLength(11);
    const pages = await pagesOf(`/api/tickets/${ticketId}/comments/page`, 4);
    expect(pages.map((p) => p.comments.length)).toEqual([4, 4, 3]);
    expect(pages.flatMap((p) => p.comments)).toEqual(whole);
    expect(pages.map((p) => p.total)).toEqual([11, 11, 11]);
    expect(pages.at(-1)!.nextCursor).toBeNull();
    // The list call keeps its shape: a page of it is still { comments }.
    const after = await json<object>(`/api/tickets/${ticketId}/comments?limit=3&cursor=${whole[2]!.id}`);
    expect(after).toEqual({ comments: whole.slice(3, 6) });
  });

  it("give the client the public comments only, as its ticket shows them", async () => {
    const ticket = await json<{ comments: Comment[] }>(`/api/client/tickets/${ticketId}`, ACME);
    expect(ticket.comments).toHaveLength(8);
    const pages = await pagesOf(`/api/client/tickets/${ticketId}/comments/page`, 3, ACME);
    expect(pages.flatMap((p) => p.comments)).toEqual(ticket.comments);
    expect(pages.every((p) => p.total === 8)).toBe(true);
    expect(JSON.stringify(pages)).not.toContain('"internal"');
  });

  it("refuses another company's ticket, a cursor from another ticket or an internal note, with clear answers", async () => {
    const refusal = "That page of comments no longer exists: start again from the first page";
    await expectTicketNotFound(await get(`/api/client/tickets/${birchTicketId}/comments/page`, ACME));
    const { comments: birch } = await json<{ comments: Comment[] }>(`/api/tickets/${birchTicketId}/comments`);
    const { comments: whole } = await json<{ comments: Comment[] }>(`/api/tickets/${ticketId}/comments`);
    const note = whole.find((c) => c.internal)!;
    for (const cursor of [birch[0]!.id, note.id, "not-a-comment"]) {
      await expectRefused(
        await get(`/api/client/tickets/${ticketId}/comments/page?cursor=${cursor}`, ACME),
        400,
        refusal,
        "BAD_REQUEST",
      );
    }
    // Staff may start from a note, never from another ticket's comment.
    expect((await get(`/api/tickets/${ticketId}/comments/page?cursor=${note.id}`)).status).toBe(200);
    await expectRefused(
      await get(`/api/tickets/${ticketId}/comments?cursor=${birch[0]!.id}`),
      400,
      refusal,
      "BAD_REQUEST",
    );
    await expectTicketNotFound(await get(`/api/tickets/${crypto.randomUUID()}/comments/page`));
    expect((await get(`/api/tickets/${ticketId}/comments/page`, ACME)).status).toBe(403);
    expect((await get(`/api/tickets/${ticketId}/comments/page?limit=0`)).status).toBe(400);
    expect((await server.request(`/api/client/tickets/${ticketId}/comments/page`)).status).toBe(401);
  });
});
