// Satisfaction ratings (docs/features.md §8) over HTTP: the resolved mail's one-click links and the public page's
// calls, a bad, expired or spent link refused, a client rating only its own company's tickets, and
// staff reading the rating.
import { afterEach, describe, expect, it, vi } from "vitest";
import { and, eq, outbox, satisfactionRatings, tickets } from "@repo/db";
import { ACME, ADMIN, AGENT, BIRCH, CLIENT_TICKET, VIEWER } from "../test/fixtures.js";
import { serverForFile } from "../test/file-server.js";
import { expectRefused, expectTicketNotFound } from "../test/refusals.js";

const { server, tokens } = serverForFile([ADMIN, AGENT, VIEWER, ACME, BIRCH]);

afterEach(() => vi.useRealTimers());

const call = (method: string, path: string, json?: unknown, email?: string) =>
  server.request(path, { method, json, token: email ? tokens[email] : undefined });

/** A new ticket of the client's company, opened in its portal. */
async function openTicket(email = ACME): Promise<string> {
  const res = await call("POST", "/api/client/tickets", CLIENT_TICKET, email);
  expect(res.status).toBe(200);
  return ((await res.json()) as { id: string }).id;
}

const setStatus = async (id: string, status: string) =>
  expect((await call("PATCH", `/api/tickets/${id}`, { status }, AGENT)).status).toBe(200);

/** The rating links of the newest mail to the requester about the ticket. */
async function ratingLinks(id: string): Promise<Record<string, string>> {
  const mails = await server.mailsTo(CLIENT_TICKET.requesterEmail);
  const mail = mails.find((m) => m.text.includes(id.slice(-8)) && m.text.includes("/rate#token="));
  expect(mail, "a mail with rating links").toBeDefined();
  const links = [...mail!.text.matchAll(/^(Good|Bad): (\S+)$/gm)].map((m) => [m[1]!, m[2]!]);
  return Object.fromEntries(links);
}

const tokenOf = (link: string) => new URL(link).hash.match(/token=([^&]+)/)![1]!;

async function resolvedWithToken(): Promise<{ id: string; token: string }> {
  const id = await openTicket();
  await setStatus(id, "RESOLVED");
  const links = await ratingLinks(id);
  expect(links.Good).toMatch(/\/rate#token=[a-z0-9]{32}&rating=good$/);
  expect(links.Bad).toMatch(/&rating=bad$/);
  expect(tokenOf(links.Good!)).toBe(tokenOf(links.Bad!));
  // The HTML twin offers the same two links as links.
  const [mail] = await server.services.db
    .select({ html: outbox.html })
    .from(outbox)
    .where(and(eq(outbox.ticketId, id), eq(outbox.kind, "ticket.status")));
  expect(mail!.html).toContain(`<a href="${links.Good!.replace("&", "&amp;")}">Good</a>`);
  expect(mail!.html).toContain(`<a href="${links.Bad!.replace("&", "&amp;")}">Bad</a>`);
  return { id, token: tokenOf(links.Good!) };
}

describe("rating from the resolved mail's link", () => {
  it("keeps a saved comment when the link (or the other button) is opened again; an empty one clears it", async () => {
    const { id, token } = await resolvedWithToken();
    expect((await call("POST", "/api/ratings", { token, rating: "good" })).status).toBe(200);
    const saved = await call("POST", "/api/ratings", { token, rating: "good", comment: "Quick and kind." });
    expect(await saved.json()).toMatchObject({ rating: "good", comment: "Quick and kind." });

    // The mail's link opens the page again: it sends the rating it names, and no comment.
    const again = await call("POST", "/api/ratings", { token, rating: "good" });
    expect(await again.json()).toMatchObject({ rating: "good", comment: "Quick and kind." });
    const other = await call("POST", "/api/ratings", { token, rating: "bad" });
    expect(await other.json()).toMatchObject({ rating: "bad", comment: "Quick and kind." });
    expect(await (await call("POST", "/api/ratings/link", { token })).json()).toMatchObject({
      rating: "bad",
      comment: "Quick and kind.",
    });

    // The client portal's form changes the rating alone the same way; an empty comment is the person clearing it.
    const put = (json: unknown) => call("PUT", `/api/client/tickets/${id}/rating`, json, ACME);
    expect(await (await put({ rating: "good" })).json()).toMatchObject({ rating: "good", comment: "Quick and kind." });
    expect(await (await put({ rating: "good", comment: "" })).json()).toMatchObject({ comment: null });
  });

  it("shows what the link rates, takes a rating with a comment, and lets it change", async () => {
    const { id, token } = await resolvedWithToken();
    const page = await call("POST", "/api/ratings/link", { token });
    expect(page.status).toBe(200);
    expect(await page.json()).toMatchObject({
      reference: `Ticket #${id.slice(-8)}`,
      title: CLIENT_TICKET.title,
      rating: null,
      canRate: true,
    });

    const good = await call("POST", "/api/ratings", { token, rating: "good" });
    expect(good.status).toBe(200);
    expect(await good.json()).toMatchObject({ rating: "good", comment: null, source: "email" });
    const bad = await call("POST", "/api/ratings", { token, rating: "bad", comment: "  Slow to answer.  " });
    expect(await bad.json()).toMatchObject({ rating: "bad", comment: "Slow to answer." });

    const rows = await server.services.db
      .select()
      .from(satisfactionRatings)
      .where(eq(satisfactionRatings.ticketId, id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ rating: "bad", ratedBy: null });

    // Staff see it on the ticket, a viewer included; a client cannot read the staff path.
    const staff = await call("GET", `/api/tickets/${id}/rating`, undefined, VIEWER);
    expect(await staff.json()).toMatchObject({ rating: "bad", comment: "Slow to answer.", source: "email" });
    expect((await call("GET", `/api/tickets/${id}/rating`, undefined, ACME)).status).toBe(403);
  });

  it("refuses an unknown or malformed token and a bad rating, with a 400", async () => {
    const { id, token } = await resolvedWithToken();
    await expectRefused(
      await call("POST", "/api/ratings", { token: "a".repeat(32), rating: "good" }),
      400,
      "This rating link is not valid or has expired",
      "BAD_REQUEST",
    );
    expect((await call("POST", "/api/ratings/link", { token: "short" })).status).toBe(400);
    const wrong = await call("POST", "/api/ratings", { token, rating: "meh" });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { error: string }).error).toBe("Choose Good or Bad");
    expect(
      await server.services.db.select().from(satisfactionRatings).where(eq(satisfactionRatings.ticketId, id)),
    ).toEqual([]);
  });

  it("refuses a link once its 14 days have passed", async () => {
    const { id, token } = await resolvedWithToken();
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 15 * 86_400_000);
    await expectRefused(
      await call("POST", "/api/ratings", { token, rating: "good" }),
      400,
      "This rating link is not valid or has expired",
      "BAD_REQUEST",
    );
    vi.useRealTimers();
    expect(
      await server.services.db.select().from(satisfactionRatings).where(eq(satisfactionRatings.ticketId, id)),
    ).toEqual([]);
  });

  it("spends the link when the ticket reopens; the next resolution mails a new one", async () => {
    const { id, token } = await resolvedWithToken();
    // A client's comment on a resolved ticket reopens it.
    expect((await call("POST", `/api/client/tickets/${id}/comments`, { content: "Still broken." }, ACME)).status).toBe(
      200,
    );
    expect((await call("POST", "/api/ratings", { token, rating: "good" })).status).toBe(400);

    await setStatus(id, "RESOLVED");
    const fresh = tokenOf((await ratingLinks(id)).Good!);
    expect(fresh).not.toBe(token);
    expect((await call("POST", "/api/ratings", { token, rating: "good" })).status).toBe(400);
    expect((await call("POST", "/api/ratings", { token: fresh, rating: "good" })).status).toBe(200);

    // Closing a resolved ticket finishes nothing new: no second request for a rating.
    const before = (await server.mailsTo(CLIENT_TICKET.requesterEmail)).length;
    await setStatus(id, "CLOSED");
    const mails = await server.mailsTo(CLIENT_TICKET.requesterEmail);
    expect(mails.length).toBe(before + 1);
    expect(mails[0]!.text).not.toContain("/rate#token=");
  });
});

describe("rating from the client portal", () => {
  it("rates a resolved ticket of one's own company, and reads the rating back", async () => {
    const id = await openTicket();
    const open = await call("GET", `/api/client/tickets/${id}/rating`, undefined, ACME);
    expect(await open.json()).toMatchObject({ rating: null, canRate: false });
    await expectRefused(
      await call("PUT", `/api/client/tickets/${id}/rating`, { rating: "good" }, ACME),
      400,
      "Only a resolved ticket can be rated",
      "BAD_REQUEST",
    );

    await setStatus(id, "RESOLVED");
    expect(await (await call("GET", `/api/client/tickets/${id}/rating`, undefined, ACME)).json()).toMatchObject({
      canRate: true,
    });
    const res = await call("PUT", `/api/client/tickets/${id}/rating`, { rating: "good", comment: "Quick!" }, ACME);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ rating: "good", comment: "Quick!", source: "client" });
    const trpc = await call("POST", "/trpc/ratings.rateAsClient", { id, rating: "bad" }, ACME);
    expect(trpc.status).toBe(200);
    const [ticket] = await server.services.db.select().from(tickets).where(eq(tickets.id, id));
    const [row] = await server.services.db
      .select()
      .from(satisfactionRatings)
      .where(eq(satisfactionRatings.ticketId, id));
    expect(row).toMatchObject({ rating: "bad", clientId: ticket!.clientId, agentId: ticket!.assigneeId });
  });

  it("finds no ticket of another company, and lets no staff member or visitor rate", async () => {
    const id = await openTicket(ACME);
    await setStatus(id, "RESOLVED");
    await expectTicketNotFound(await call("PUT", `/api/client/tickets/${id}/rating`, { rating: "bad" }, BIRCH));
    expect((await call("GET", `/api/client/tickets/${id}/rating`, undefined, BIRCH)).status).toBe(404);
    expect((await call("PUT", `/api/client/tickets/${id}/rating`, { rating: "good" }, AGENT)).status).toBe(403);
    expect((await call("PUT", `/api/client/tickets/${id}/rating`, { rating: "good" })).status).toBe(401);
    expect(
      await server.services.db.select().from(satisfactionRatings).where(eq(satisfactionRatings.ticketId, id)),
    ).toEqual([]);
  });
});
