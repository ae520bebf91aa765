// Canned replies (docs/features.md §8) over REST and tRPC, role by role: who sees which reply (private to its author
// or shared), who may change it, the placeholder check on save and the fill for a ticket.
import { describe, expect, it } from "vitest";
import { cannedReplies, eq, tickets } from "@repo/db";
import { ACME, ADMIN, AGENT, VIEWER } from "../test/fixtures.js";
import { serverForFile } from "../test/file-server.js";
import { expectRefused } from "../test/refusals.js";

const { server, tokens } = serverForFile([ADMIN, AGENT, VIEWER, ACME]);

const call = (method: string, path: string, json?: unknown, email?: string) =>
  server.request(path, { method, json, token: email ? tokens[email] : undefined });

interface Reply {
  id: string;
  title: string;
  body: string;
  shared: boolean;
  authorName: string;
  canEdit: boolean;
}

async function create(email: string, fields: { title: string; body: string; shared?: boolean }): Promise<Reply> {
  const res = await call("POST", "/api/canned-replies", fields, email);
  expect(res.status).toBe(200);
  return (await res.json()) as Reply;
}

const list = async (email: string) =>
  (await (await call("GET", "/api/canned-replies", undefined, email)).json()) as Reply[];

const stored = async (id: string) =>
  (await server.services.db.select().from(cannedReplies).where(eq(cannedReplies.id, id)))[0];

describe("who sees which reply", () => {
  it("shows a private reply to its author only, and a shared one to every staff member", async () => {
    const mine = await create(AGENT, { title: "Agent's own note", body: "Hi {{requester.firstName}}" });
    const team = await create(AGENT, { title: "Agent's shared note", body: "Thanks!", shared: true });
    expect(mine).toMatchObject({ shared: false, authorName: "Sam Patel", canEdit: true });

    const titles = async (email: string) => (await list(email)).map((r) => r.title);
    expect(await titles(AGENT)).toEqual(expect.arrayContaining(["Agent's own note", "Agent's shared note"]));
    expect(await titles(ADMIN)).toContain("Agent's shared note");
    expect(await titles(ADMIN)).not.toContain("Agent's own note");
    // The seed's private reply is the agent's too.
    expect(await titles(ADMIN)).not.toContain("Password reset done");
    expect(await titles(VIEWER)).toContain("Agent's shared note");
    expect(await titles(VIEWER)).not.toContain("Agent's own note");
    expect((await list(VIEWER)).every((r) => r.shared && !r.canEdit)).toBe(true);

    // Another's private reply is not found, by id too: the id reveals nothing.
    await expectRefused(
      await call("GET", `/api/canned-replies/${mine.id}`, undefined, ADMIN),
      404,
      "Canned reply not found",
      "NOT_FOUND",
    );
    expect((await call("GET", `/api/canned-replies/${team.id}`, undefined, VIEWER)).status).toBe(200);
    const trpc = await call("GET", "/trpc/cannedReplies.list", undefined, AGENT);
    expect(trpc.status).toBe(200);
  });

  it("is for staff only: a client and a visitor are refused", async () => {
    expect((await call("GET", "/api/canned-replies", undefined, ACME)).status).toBe(403);
    expect((await call("GET", "/api/canned-replies")).status).toBe(401);
    expect((await call("POST", "/api/canned-replies", { title: "Nope", body: "Nope" }, ACME)).status).toBe(403);
  });
});

describe("who changes which reply", () => {
  it("lets the author edit and delete their own reply", async () => {
    const reply = await create(AGENT, { title: "Draft", body: "First words" });
    const res = await call("PATCH", `/api/canned-replies/${reply.id}`, { body: "Better words", shared: true }, AGENT);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ title: "Draft", body: "Better words", shared: true });
    expect((await call("DELETE", `/api/canned-replies/${reply.id}`, undefined, AGENT)).status).toBe(200);
    expect(await stored(reply.id)).toBeUndefined();
  });

  it("lets an admin change and delete a shared reply of someone else, but not a private one", async () => {
    const shared = await create(AGENT, { title: "Team wording", body: "Old", shared: true });
    const own = await create(AGENT, { title: "Private wording", body: "Mine" });
    expect((await call("PATCH", `/api/canned-replies/${shared.id}`, { title: "Team wording v2" }, ADMIN)).status).toBe(
      200,
    );
    expect((await stored(shared.id))?.title).toBe("Team wording v2");
    expect((await call("PATCH", `/api/canned-replies/${own.id}`, { title: "Taken" }, ADMIN)).status).toBe(404);
    expect((await call("DELETE", `/api/canned-replies/${own.id}`, undefined, ADMIN)).status).toBe(404);
    expect((await call("DELETE", `/api/canned-replies/${shared.id}`, undefined, ADMIN)).status).toBe(200);
    expect(await stored(own.id)).toMatchObject({ title: "Private wording" });
  });

  it("refuses an agent changing another's shared reply, and a viewer or client changing any, changing nothing", async () => {
    const adminsReply = await create(ADMIN, { title: "Admin's shared", body: "Admin words", shared: true });
    await expectRefused(
      await call("PATCH", `/api/canned-replies/${adminsReply.id}`, { body: "Agent words" }, AGENT),
      403,
      "Only its author or an admin can change a shared reply",
      "FORBIDDEN",
    );
    expect((await call("DELETE", `/api/canned-replies/${adminsReply.id}`, undefined, AGENT)).status).toBe(403);
    await expectRefused(
      await call("PATCH", `/api/canned-replies/${adminsReply.id}`, { body: "Viewer words" }, VIEWER),
      403,
      "Viewers have read-only access",
      "FORBIDDEN",
    );
    expect((await call("POST", "/api/canned-replies", { title: "Viewer's", body: "Words" }, VIEWER)).status).toBe(403);
    expect((await call("DELETE", `/api/canned-replies/${adminsReply.id}`, undefined, ACME)).status).toBe(403);
    expect(await stored(adminsReply.id)).toMatchObject({ body: "Admin words", shared: true });
  });
});

describe("the form's rules", () => {
  it.each([
    [{ title: "", body: "Words" }, "Title is required"],
    [{ title: "Empty", body: "   " }, "Reply text is required"],
    [
      { title: "Typo", body: "Hi {{requester.name}}, see {{ticket.ref}}" },
      "Unknown placeholders {{requester.name}}, {{ticket.ref}}. Use {{requester.firstName}}, {{ticket.reference}}, {{agent.name}}",
    ],
    [
      { title: "Typo", body: "Hi {{ client }}" },
      "Unknown placeholder {{client}}. Use {{requester.firstName}}, {{ticket.reference}}, {{agent.name}}",
    ],
    [{ title: "x".repeat(201), body: "Words" }, "Must be at most 200 characters"],
  ])("refuses %j with a clear message, saving nothing", async (fields, message) => {
    const before = (await list(AGENT)).length;
    const res = await call("POST", "/api/canned-replies", fields, AGENT);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe(message);
    expect((await list(AGENT)).length).toBe(before);
  });

  it("refuses an unknown placeholder on edit too, and an edit with no change", async () => {
    const reply = await create(AGENT, { title: "Editable", body: "Fine" });
    const res = await call("PATCH", `/api/canned-replies/${reply.id}`, { body: "{{agent.email}}" }, AGENT);
    expect(res.status).toBe(400);
    expect((await stored(reply.id))?.body).toBe("Fine");
    const nothing = await call("PATCH", `/api/canned-replies/${reply.id}`, {}, AGENT);
    expect(((await nothing.json()) as { error: string }).error).toBe("Choose a change to apply");
  });
});

describe("filling placeholders for a ticket", () => {
  it("fills the requester's first name, the ticket's reference and the caller's name", async () => {
    const [ticket] = await server.services.db.select().from(tickets).where(eq(tickets.requesterEmail, ACME)).limit(1);
    const reply = await create(AGENT, {
      title: "Greeting",
      body: "Hi {{requester.firstName}}, about {{ ticket.reference }}: done.\n{{agent.name}}",
      shared: true,
    });
    const fill = async (email: string) => {
      const res = await call("GET", `/api/canned-replies/${reply.id}/filled?ticketId=${ticket!.id}`, undefined, email);
      expect(res.status).toBe(200);
      return ((await res.json()) as { body: string }).body;
    };
    expect(await fill(AGENT)).toBe(`Hi Dana, about Ticket #${ticket!.id.slice(-8)}: done.\nSam Patel`);
    // The agent's name is the caller's: the admin inserting the shared reply signs it.
    expect(await fill(ADMIN)).toMatch(/done\.\nAlex/);
    expect((await call("GET", `/api/canned-replies/${reply.id}/filled?ticketId=nope`, undefined, AGENT)).status).toBe(
      404,
    );
  });
});
