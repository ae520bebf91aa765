// The enquiry follow-up (docs/features.md §8) over REST and tRPC, role by role: status and owner, notes, and the
// conversion of a support request into a ticket, once.
import { beforeAll, describe, expect, it } from "vitest";
import { enquiries, eq, tickets } from "@repo/db";
import { ACME, ADMIN, AGENT, ENQUIRY, VIEWER, demoCompanies, userIds } from "../test/fixtures.js";
import { serverForFile } from "../test/file-server.js";
import { expectRefused } from "../test/refusals.js";

const { server, tokens } = serverForFile([ADMIN, AGENT, VIEWER, ACME]);
let ids: Record<string, string>;
let acme: string;

beforeAll(async () => {
  ({ acme } = await demoCompanies(server));
  ids = await userIds(server);
});

const call = (method: string, path: string, json?: unknown, email?: string) =>
  server.request(path, { method, json, token: email ? tokens[email] : undefined });

/** An enquiry as the contact form stores it. */
async function enquiry(
  message: string | null = "Our printer at the front desk stopped printing this morning.",
): Promise<string> {
  const [row] = await server.services.db
    .insert(enquiries)
    .values({ ...ENQUIRY, message })
    .returning({ id: enquiries.id });
  return row!.id;
}

describe("status and owner", () => {
  it("moves an enquiry on and gives it an owner; the first move stamps it handled", async () => {
    const id = await enquiry();
    const listed = (await (await call("GET", "/api/enquiries", undefined, AGENT)).json()) as {
      enquiries: { id: string; status: string; ownerId: string | null; ticketId: string | null }[];
    };
    expect(listed.enquiries.find((e) => e.id === id)).toMatchObject({ status: "new", ownerId: null, ticketId: null });

    const res = await call("PATCH", `/api/enquiries/${id}`, { status: "contacted", ownerId: ids[AGENT] }, AGENT);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: "contacted", ownerId: ids[AGENT], handledAt: expect.any(String) });

    const won = await call("POST", "/trpc/enquiries.update", { id, status: "won", ownerId: null }, ADMIN);
    expect(won.status).toBe(200);
    const [row] = await server.services.db.select().from(enquiries).where(eq(enquiries.id, id));
    expect(row).toMatchObject({ status: "won", ownerId: null });
  });

  it("refuses a viewer, a client, an unknown status or owner, and an unknown enquiry, changing nothing", async () => {
    const id = await enquiry();
    await expectRefused(
      await call("PATCH", `/api/enquiries/${id}`, { status: "won" }, VIEWER),
      403,
      "Viewers have read-only access",
      "FORBIDDEN",
    );
    expect((await call("PATCH", `/api/enquiries/${id}`, { status: "won" }, ACME)).status).toBe(403);
    expect((await call("PATCH", `/api/enquiries/${id}`, { status: "maybe" }, AGENT)).status).toBe(400);
    expect((await call("PATCH", `/api/enquiries/${id}`, { ownerId: ids[ACME] }, AGENT)).status).toBe(400);
    const nothing = await call("PATCH", `/api/enquiries/${id}`, {}, AGENT);
    expect(((await nothing.json()) as { error: string }).error).toBe("Choose a change to apply");
    await expectRefused(
      await call("PATCH", "/api/enquiries/0198a000-0000-7000-8000-000000000000", { status: "won" }, AGENT),
      404,
      "Enquiry not found",
      "NOT_FOUND",
    );
    const [row] = await server.services.db.select().from(enquiries).where(eq(enquiries.id, id));
    expect(row).toMatchObject({ status: "new", ownerId: null, handledAt: null });
  });
});

describe("notes", () => {
  it("keeps staff notes, oldest first, with their author; an empty note is refused", async () => {
    const id = await enquiry();
    await call("POST", `/api/enquiries/${id}/notes`, { content: "Called, left a voicemail." }, AGENT);
    await call("POST", `/trpc/enquiries.addNote`, { id, content: "Quote sent." }, ADMIN);
    const empty = await call("POST", `/api/enquiries/${id}/notes`, { content: "   " }, AGENT);
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { error: string }).error).toBe("Note is required");
    expect((await call("POST", `/api/enquiries/${id}/notes`, { content: "x" }, VIEWER)).status).toBe(403);

    const got = (await (await call("GET", `/api/enquiries/${id}`, undefined, VIEWER)).json()) as {
      notes: { authorName: string; content: string }[];
    };
    expect(got.notes.map((n) => [n.authorName, n.content])).toEqual([
      ["Sam Patel", "Called, left a voicemail."],
      ["Alex Morgan", "Quote sent."],
    ]);
  });
});

describe("convert to ticket", () => {
  it("opens a ticket for the client with the visitor as requester, once; a second try is refused", async () => {
    const id = await enquiry();
    const res = await call("POST", `/api/enquiries/${id}/convert`, { clientId: acme, priority: "P2" }, AGENT);
    expect(res.status).toBe(200);
    const { enquiry: converted, ticketId } = (await res.json()) as {
      enquiry: { status: string; ticketId: string };
      ticketId: string;
    };
    expect(converted).toMatchObject({ status: "contacted", ticketId });
    const [ticket] = await server.services.db.select().from(tickets).where(eq(tickets.id, ticketId));
    expect(ticket).toMatchObject({
      title: "Our printer at the front desk stopped printing this morning.",
      requesterName: "Ada Lovelace",
      requesterEmail: "ada@example.test",
      clientId: acme,
      priority: "P2",
      type: "REQUEST",
    });
    expect(ticket!.description).toContain("From the contact form enquiry of Ada Lovelace <ada@example.test>");

    const again = await call("POST", "/trpc/enquiries.convert", { id, clientId: acme }, ADMIN);
    expect(again.status).toBe(409);
    const made = await server.services.db.select().from(tickets).where(eq(tickets.requesterEmail, "ada@example.test"));
    expect(made).toHaveLength(1);
  });

  it("titles a ticket from an enquiry without a message by its sender, and refuses a viewer and a bad client", async () => {
    const id = await enquiry(null);
    expect((await call("POST", `/api/enquiries/${id}/convert`, { clientId: acme }, VIEWER)).status).toBe(403);
    const bad = await call("POST", `/api/enquiries/${id}/convert`, { clientId: "nope" }, AGENT);
    expect(bad.status).toBe(400);
    const [untouched] = await server.services.db.select().from(enquiries).where(eq(enquiries.id, id));
    expect(untouched!.ticketId).toBeNull();

    const res = await call("POST", `/api/enquiries/${id}/convert`, { clientId: acme }, AGENT);
    const { ticketId } = (await res.json()) as { ticketId: string };
    const [ticket] = await server.services.db.select().from(tickets).where(eq(tickets.id, ticketId));
    expect(ticket!.title).toBe("Support request from Ada Lovelace");
  });
});
