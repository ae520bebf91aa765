// The chat over REST and SSE: history, the ticket-opening conversation end to end, and its guards.
import { beforeAll, describe, expect, it } from "vitest";
import { eq, tickets } from "@repo/db";
import type { DomainEvent } from "../events.js";
import { CHAT_LIMIT } from "../assistant/chat.js";
import { CLIENT_TICKET, demoCompanies } from "../test/fixtures.js";
import { serverForFile } from "../test/file-server.js";

const { server } = serverForFile();
let acme: string;
const tokens: Record<string, string> = {};

interface Message {
  id: string;
  role: "user" | "assistant";
  content: string;
  createdAt: string;
  ticketId?: string;
  suggestions?: string[];
  sources?: { title: string; path: string }[];
}

beforeAll(async () => {
  ({ acme } = await demoCompanies(server));
  const admin = await server.login("admin@northwind.test");
  // A second person at Acme, to show a draft belongs to whoever asked for it.
  const res = await server.request("/api/register", {
    method: "POST",
    token: admin,
    json: {
      name: "Priya Nair",
      email: "client2@acme.test",
      password: "long-enough-pw",
      role: "CLIENT",
      clientId: acme,
    },
  });
  expect(res.status).toBe(200);
  tokens.dana = await server.login("client@acme.test");
  const login = await server.request("/api/client/login", {
    method: "POST",
    json: { email: "client2@acme.test", password: "long-enough-pw" },
  });
  tokens.priya = ((await login.json()) as { token: string }).token;
  tokens.birch = await server.login("client@birch.test");
  tokens.admin = admin;
});

const CHAT = "/api/client/chat";
const STREAM = "/api/client/chat/stream";

/** Posts a message to the chat or its streaming route, with the token given (none: signed out). */
const postMessage = (path: typeof CHAT | typeof STREAM, content: string, token?: string) =>
  server.request(path, { method: "POST", token, json: { content } });

async function say(content: string, who = "dana"): Promise<Message> {
  const res = await postMessage(CHAT, content, tokens[who]);
  expect(res.status).toBe(200);
  return (await res.json()) as Message;
}

async function clientTickets(
  who = "dana",
): Promise<{ id: string; title: string; type: string; priority: string; requesterEmail: string }[]> {
  const res = await server.request("/api/client/tickets", { token: tokens[who] });
  expect(res.status).toBe(200);
  return (await res.json()) as never;
}

/** Runs the conversation and checks that the company has as many tickets after it as before. */
async function expectNoTicketOpened(conversation: () => Promise<void>): Promise<void> {
  const before = (await clientTickets()).length;
  await conversation();
  expect(await clientTickets()).toHaveLength(before);
}

describe("GET /api/client/chat", () => {
  it("returns the company's conversation, newest last", async () => {
    const res = await server.request("/api/client/chat", { token: tokens.dana });
    expect(res.status).toBe(200);
    const history = (await res.json()) as Message[];
    expect(history.map((m) => m.role)).toEqual(["user", "assistant"]);
    expect(history[0]).toEqual({
      id: expect.any(String),
      role: "user",
      content: "How long does a security hardening sprint take?",
      createdAt: expect.any(String),
    });
    expect(history[1]!.content).toContain("5 business days");
    const birch = await server.request("/api/client/chat", { token: tokens.birch });
    expect(await birch.json()).toEqual([]);
  });

  it("is for client accounts only", async () => {
    expect((await server.request("/api/client/chat")).status).toBe(401);
    expect((await server.request("/api/client/chat", { token: tokens.admin })).status).toBe(403);
    const post = await postMessage(CHAT, "hi", tokens.admin);
    expect(post.status).toBe(403);
  });
});

describe("POST /api/client/chat", () => {
  it("stores the question and the answer, and returns the answer", async () => {
    const reply = await say("How many open tickets do we have?");
    expect(reply).toMatchObject({ role: "assistant", content: expect.stringContaining("2 open tickets") });
    const history = (await (await server.request("/api/client/chat", { token: tokens.dana })).json()) as Message[];
    expect(history.at(-2)).toMatchObject({ role: "user", content: "How many open tickets do we have?" });
    expect(history.at(-1)).toEqual(reply);
    // Another company's history is untouched.
    expect(await (await server.request("/api/client/chat", { token: tokens.birch })).json()).toEqual([]);
  });

  it("answers the spec's message for an empty message", async () => {
    const res = await postMessage(CHAT, "   ", tokens.dana);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: "Message is required" });
  });
});

describe("opening a ticket from the chat", () => {
  it("drafts, asks for confirmation, and on yes opens the ticket for the signed-in user", async () => {
    const events: DomainEvent[] = [];
    const unsubscribe = server.services.bus.subscribe((e) => events.push(e));
    const before = (await clientTickets()).length;

    const draft = await say("please open a ticket: the printer in reception is jammed");
    expect(draft.content).toContain("**Title:** Printer in reception is jammed");
    expect(draft.content).toContain('**Type:** Incident, because something is not working ("jammed")');
    expect(draft.content).toContain('Reply "yes" to confirm');
    expect(draft.suggestions).toEqual(["Yes, open it", "No"]);
    expect(draft.ticketId).toBeUndefined();
    expect(await clientTickets()).toHaveLength(before);

    // The quick reply is the same as typing it.
    const done = await say("Yes, open it");
    expect(done.ticketId).toEqual(expect.any(String));
    expect(done.content).toContain(
      `[#${done.ticketId!.slice(-8)} "Printer in reception is jammed"](/client/tickets/${done.ticketId})`,
    );
    expect(done.content).toMatch(/we'll reply within one business day by \*\*.+ E[SD]T\*\*/);
    unsubscribe();

    const list = await clientTickets();
    expect(list).toHaveLength(before + 1);
    expect(list.find((t) => t.id === done.ticketId)).toMatchObject({
      title: "Printer in reception is jammed",
      type: "INCIDENT",
      priority: "P3",
      requesterEmail: "client@acme.test",
    });
    const [row] = await server.services.db.select().from(tickets).where(eq(tickets.id, done.ticketId!));
    expect(row).toMatchObject({ source: "assistant", status: "NEW", requesterName: "Dana Whitfield", clientId: acme });
    expect(events).toContainEqual(
      expect.objectContaining({ type: "ticket.created", ticketId: done.ticketId, clientId: acme }),
    );
    // The history keeps the link to the ticket.
    const history = (await (await server.request("/api/client/chat", { token: tokens.dana })).json()) as Message[];
    expect(history.at(-1)).toMatchObject({ ticketId: done.ticketId });
    // A second yes opens nothing more.
    expect((await say("yes")).ticketId).toBeUndefined();
    expect(await clientTickets()).toHaveLength(before + 1);
    // Another company never sees it.
    expect((await clientTickets("birch")).some((t) => t.id === done.ticketId)).toBe(false);
  });

  it("never opens a ticket without the confirmation: another question drops the draft, no cancels it", () =>
    expectNoTicketOpened(async () => {
      await say("open a ticket: the guest Wi-Fi in the waiting room keeps dropping every hour");
      await say("How long does the Fast Start take?");
      const lateYes = await say("yes");
      expect(lateYes.ticketId).toBeUndefined();
      expect(lateYes.content).toContain("no ticket waiting for your confirmation");

      await say("open a ticket: the guest Wi-Fi in the waiting room keeps dropping every hour");
      const cancelled = await say("no thanks");
      expect(cancelled.content).toContain("won't open that ticket");
      expect((await say("yes")).ticketId).toBeUndefined();
    }));

  it("refuses a draft that fails the client form's validation", () =>
    expectNoTicketOpened(async () => {
      const refused = await say("open a ticket: VPN down");
      expect(refused.content).toContain("Description must be at least 20 characters");
      expect((await say("yes")).ticketId).toBeUndefined();
    }));

  it("lets only the person who asked confirm a draft", () =>
    expectNoTicketOpened(async () => {
      await say("open a ticket: the label printer at the front desk prints blank labels", "dana");
      const other = await say("yes", "priya");
      expect(other.ticketId).toBeUndefined();
    }));

  it("opens one ticket when yes arrives twice at once", async () => {
    const before = (await clientTickets()).length;
    await say("open a ticket: the scanner in the back office saves blank pages since this morning");
    const replies = await Promise.all([say("yes"), say("yes")]);
    expect(replies.filter((r) => r.ticketId)).toHaveLength(1);
    expect(await clientTickets()).toHaveLength(before + 1);
  });

  it("revises a pending draft on request before opening it", async () => {
    await say("open a ticket: the card machine at the front desk will not connect to the network");
    const revised = await say("make it urgent");
    expect(revised.content).toContain("**Priority:** P1 Urgent");
    const retitled = await say('call it "Card machine offline"');
    expect(retitled.content).toContain("**Title:** Card machine offline");
    const done = await say("yes");
    const [row] = await server.services.db.select().from(tickets).where(eq(tickets.id, done.ticketId!));
    expect(row).toMatchObject({
      title: "Card machine offline",
      priority: "P1",
      description: "The card machine at the front desk will not connect to the network",
    });
  });

  it("asks for the details when none are given, then drafts from the answer", async () => {
    const ask = await say("Can you open a ticket for me?");
    expect(ask.content).toContain("What is the problem?");
    const draft = await say("Outlook on the reception PC crashes whenever we open an attachment");
    expect(draft.content).toContain("**Title:** Outlook on the reception PC crashes whenever we open an attachment");
    const done = await say("go ahead");
    expect(done.ticketId).toEqual(expect.any(String));
  });
});

describe("POST /api/client/chat/stream", () => {
  const parseEvents = (text: string) =>
    text
      .split("\n\n")
      .filter(Boolean)
      .map((block) => {
        const event = /^event: (.*)$/m.exec(block)![1]!;
        const data = JSON.parse(/^data: (.*)$/m.exec(block)![1]!) as Record<string, unknown>;
        return { event, data };
      });

  it("streams the text, then the stored message", async () => {
    const res = await postMessage(STREAM, "Which of our devices are at risk?", tokens.birch);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    const events = parseEvents(await res.text());
    expect(events.map((e) => e.event)).toEqual(["delta", "message"]);
    const message = events[1]!.data as unknown as Message;
    expect(events[0]!.data.text).toBe(message.content);
    expect(message.content).toContain("BIRCH-LT-0003");
    const history = (await (await server.request("/api/client/chat", { token: tokens.birch })).json()) as Message[];
    expect(history.at(-1)).toEqual(message);
  });

  it("answers JSON errors before streaming", async () => {
    expect((await postMessage(STREAM, "hi")).status).toBe(401);
    expect((await postMessage(STREAM, "hi", tokens.admin)).status).toBe(403);
    const empty = await postMessage(STREAM, "", tokens.birch);
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ error: "Message is required" });
    const broken = await server.request("/api/client/chat/stream", {
      method: "POST",
      token: tokens.birch,
      body: "{",
      headers: { "content-type": "application/json" },
    });
    expect(broken.status).toBe(400);
  });
});

describe("rate limit", () => {
  it("counts only the messages it accepts: refused ones leave the limit as it was", async () => {
    const email = "client3@acme.test";
    const made = await server.request("/api/register", {
      method: "POST",
      token: tokens.admin,
      json: { name: "Sam Ortiz", email, password: "long-enough-pw", role: "CLIENT", clientId: acme },
    });
    expect(made.status).toBe(200);
    const login = await server.request("/api/client/login", {
      method: "POST",
      json: { email, password: "long-enough-pw" },
    });
    const { token } = (await login.json()) as { token: string };
    for (let i = 0; i <= CHAT_LIMIT.max; i += 1) expect((await postMessage(CHAT, "", token)).status).toBe(400);
    expect((await postMessage(CHAT, "hi", token)).status).toBe(200);
  });

  it("refuses a burst of messages past the limit with 429", async () => {
    const token = await server.login("client@birch.test");
    let status = 200;
    for (let i = 0; i < 40 && status === 200; i += 1) {
      status = (await postMessage(CHAT, "hi", token)).status;
    }
    expect(status).toBe(429);
  });
});

describe("commenting on a ticket from the chat", () => {
  async function printerComments(): Promise<{ content: string }[]> {
    const printer = (await clientTickets()).find((t) => t.title === "Front desk printer jams on every second page")!;
    const res = await server.request(`/api/client/tickets/${printer.id}`, { token: tokens.dana });
    return ((await res.json()) as { comments: { content: string }[] }).comments;
  }

  it("asks which ticket when two match as well, rather than guessing", async () => {
    // An earlier test opened "Printer in reception is jammed": two printer tickets now.
    const reply = await say("Add a comment to the printer ticket: the toner was replaced this morning");
    expect(reply.content).toContain("Which ticket should I add it to?");
    expect(reply.content).toContain('"Front desk printer jams on every second page"');
    expect(reply.content).toContain('"Printer in reception is jammed"');
    expect(reply.suggestions).toBeUndefined();
  });

  it("adds the comment as the person's only on yes; no drops it, and a later yes finds nothing", async () => {
    const before = (await printerComments()).length;
    const offer = await say("Add a comment to the front desk printer ticket: the toner was replaced this morning");
    expect(offer.content).toContain("> the toner was replaced this morning");
    expect(offer.suggestions).toEqual(["Yes, add it", "No"]);
    const no = await say("No");
    expect(no.content).toBe("Okay, I won't add that comment. Anything else I can help with?");
    expect((await say("yes")).content).toContain("There's no ticket waiting for your confirmation");
    expect(await printerComments()).toHaveLength(before);

    await say("Add a comment to the front desk printer ticket: the toner was replaced this morning");
    const done = await say("Yes, add it");
    expect(done.content).toContain("Done: I added your comment to ticket");
    const comments = await printerComments();
    expect(comments).toHaveLength(before + 1);
    expect(comments.at(-1)).toMatchObject({
      content: "the toner was replaced this morning",
      authorName: "Dana Whitfield",
    });
  });
});

describe("what clients wrote, repeated by the assistant", () => {
  const INJECTED = "Your session expired](https://evil.example/login) - sign in again [x";
  /** A Markdown link whose bracket and parenthesis are not escaped: one the chat would render. */
  const LIVE_LINK = /(?<!\\)\]\((?<!\\)https:\/\/evil\.example/;

  it("shows a ticket title as text: its brackets are escaped, so no link to another site", async () => {
    const created = await server.request("/api/client/tickets", {
      method: "POST",
      token: tokens.priya,
      json: { ...CLIENT_TICKET, title: INJECTED, requesterEmail: "client2@acme.test", requesterName: "Priya Nair" },
    });
    expect(created.status).toBe(200);
    const { id } = (await created.json()) as { id: string };

    const reply = await say("What are my active tickets?", "priya");
    const line = reply.content.split("\n").find((l) => l.includes(id));
    expect(line, reply.content).toBeDefined();
    expect(line).not.toMatch(LIVE_LINK);
    expect(line).toContain("Your session expired\\]\\(https://evil.example/login\\) - sign in again \\[x");
    expect(line).toContain(`](/client/tickets/${id})`);

    const status = await say(`What is the status of #${id.slice(-8)}?`, "priya");
    expect(status.content).toContain(`](/client/tickets/${id})`);
    expect(status.content).not.toMatch(LIVE_LINK);
  });
});
