import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { acmeProfile, clientTicketLists } from "../../test/client-fixtures";
import { setupFakeApi } from "../../test/fake-api";
import { renderApp } from "../../test/render-app";
import { signInAs } from "../../test/sessions";

const api = setupFakeApi();

interface StoredMessage {
  id: string;
  role: "user" | "assistant";
  content: string;
  createdAt: string;
  ticketId?: string;
  sources?: { title: string; path: string }[];
  suggestions?: string[];
}

/** The server's side: the stored conversation, and the SSE reply of POST /api/client/chat/stream. */
function fakeAssistant(reply: { chunks: string[]; stored: StoredMessage } | "fail", until?: Promise<void>) {
  const conversation: StoredMessage[] = [];
  const requests: unknown[] = [];
  api.on({
    "chat.history": () => conversation,
    "clientPortal.profile": () => acmeProfile,
    ...clientTicketLists([]),
  });
  api.server.use(
    http.post("*/api/client/chat/stream", async ({ request }) => {
      const body = (await request.json()) as { content: string };
      requests.push({ body, authorization: request.headers.get("authorization") });
      if (reply === "fail") return HttpResponse.json({ error: "Internal server error" }, { status: 500 });
      const n = conversation.length;
      conversation.push(
        { id: `u${n}`, role: "user", content: body.content, createdAt: "2026-11-21T10:00:00.000Z" },
        { ...reply.stored, id: `a${n}` },
      );
      const encoder = new TextEncoder();
      const stream = new ReadableStream<Uint8Array>({
        async start(controller) {
          for (const text of reply.chunks)
            controller.enqueue(encoder.encode(`event: delta\ndata: ${JSON.stringify({ text })}\n\n`));
          await until;
          controller.enqueue(encoder.encode(`event: message\ndata: ${JSON.stringify(reply.stored)}\n\n`));
          controller.close();
        },
      });
      return new HttpResponse(stream, { headers: { "Content-Type": "text/event-stream" } });
    }),
  );
  return { requests };
}

async function openAssistant() {
  signInAs("CLIENT", "Dana Whitfield");
  renderApp("/client-dashboard");
  fireEvent.click(await screen.findByRole("tab", { name: "AI Assistant" }));
  return within(await screen.findByRole("region", { name: "Chat with the AI assistant" }));
}

const reply = (content: string, extra: Partial<StoredMessage> = {}): StoredMessage => ({
  id: "a1",
  role: "assistant",
  content,
  createdAt: "2026-11-21T10:00:01.000Z",
  ...extra,
});

describe("AI assistant panel", () => {
  it("shows the empty state, and Send only once something is typed", async () => {
    fakeAssistant({ chunks: [], stored: reply("") });
    const panel = await openAssistant();

    expect(await panel.findByText("Start a conversation with your AI assistant!")).toBeTruthy();
    const send = panel.getByRole("button", { name: "Send" });
    expect(send).toHaveProperty("disabled", true);

    fireEvent.change(panel.getByLabelText("Message"), { target: { value: "   " } });
    expect(send).toHaveProperty("disabled", true);
    fireEvent.change(panel.getByLabelText("Message"), { target: { value: "Hello" } });
    expect(send).toHaveProperty("disabled", false);
  });

  it("shows the reply as it streams, keeps Send disabled meanwhile, then shows the stored conversation", async () => {
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    const { requests } = fakeAssistant(
      { chunks: ["You have ", "2 open tickets."], stored: reply("You have 2 open tickets.") },
      finished,
    );
    const panel = await openAssistant();

    fireEvent.change(panel.getByLabelText("Message"), { target: { value: "How many open tickets do we have?" } });
    fireEvent.keyDown(panel.getByLabelText("Message"), { key: "Enter" });

    expect(await panel.findByText("You have 2 open tickets.")).toBeTruthy();
    expect(panel.getByText("How many open tickets do we have?")).toBeTruthy();
    fireEvent.change(panel.getByLabelText("Message"), { target: { value: "And devices?" } });
    expect(panel.getByRole("button", { name: "Send" })).toHaveProperty("disabled", true);

    finish();
    await waitFor(() => expect(panel.getByRole("button", { name: "Send" })).toHaveProperty("disabled", false));
    expect(panel.getAllByTestId("chat-assistant")).toHaveLength(1);
    expect(requests).toEqual([
      { body: { content: "How many open tickets do we have?" }, authorization: "Bearer token-client" },
    ]);
  });

  it("links a ticket the assistant opened", async () => {
    const ticketId = "0190f3a2-aaaa-7bbb-8ccc-1234abcd5678";
    fakeAssistant({ chunks: ["Done."], stored: reply("I have opened a ticket for you.", { ticketId }) });
    const panel = await openAssistant();

    fireEvent.change(panel.getByLabelText("Message"), { target: { value: "Yes, open it" } });
    fireEvent.click(panel.getByRole("button", { name: "Send" }));

    const link = await panel.findByRole("link", { name: "Ticket #abcd5678 created" });
    expect(link.getAttribute("href")).toBe(`/client/tickets/${ticketId}`);
  });

  it("renders the reply's Markdown safely, its source, and sends a quick reply as a message", async () => {
    const ticketId = "0190f3a2-aaaa-7bbb-8ccc-1234abcd5678";
    const content = [
      "Here is **the plan**:",
      `- see [your ticket](/client/tickets/${ticketId})`,
      "- read the [migration page](/services/cloud-migration-lite)",
      "- [a trap](javascript:alert(1)) and <img src=x onerror=alert(1)>",
    ].join("\n");
    const { requests } = fakeAssistant({
      chunks: [content],
      stored: reply(content, {
        sources: [{ title: "Cloud Migration Lite page", path: "/services/cloud-migration-lite" }],
        suggestions: ["Yes, open it", "No"],
      }),
    });
    const panel = await openAssistant();
    fireEvent.change(panel.getByLabelText("Message"), { target: { value: "Plan?" } });
    fireEvent.click(panel.getByRole("button", { name: "Send" }));

    // The stored reply, once the stream has ended and the conversation is read again.
    expect((await panel.findByTestId("chat-source")).textContent).toBe("From the Cloud Migration Lite page");
    expect(panel.getByText("the plan").tagName).toBe("STRONG");
    expect(panel.getByRole("link", { name: "your ticket" }).getAttribute("href")).toBe(`/client/tickets/${ticketId}`);
    expect(panel.getByRole("link", { name: "migration page" }).getAttribute("href")).toBe(
      "/services/cloud-migration-lite",
    );
    expect(panel.queryByRole("link", { name: "a trap" })).toBeNull();
    expect(panel.getByText(/<img src=x onerror=alert\(1\)>/)).toBeTruthy();
    expect(document.querySelector("img[src=x]")).toBeNull();

    fireEvent.click(await panel.findByRole("button", { name: "Yes, open it" }));
    await waitFor(() => expect(requests).toHaveLength(2));
    expect(requests[1]).toMatchObject({ body: { content: "Yes, open it" } });
  });

  it("shows escaped text as written: a ticket title that spells a link stays the ticket link's words", async () => {
    const ticketId = "0190f3a2-aaaa-7bbb-8ccc-1234abcd5678";
    // As the assistant writes a client's title (its brackets escaped by a backslash).
    const title = "Your session expired\\]\\(https://evil.example/login\\) - sign in again \\[x";
    const content = `Your active tickets are:\n- [#1234abcd "${title}"](/client/tickets/${ticketId}): New, P2 High\n\\- not a list, \\*\\*not bold\\*\\*`;
    fakeAssistant({ chunks: [content], stored: reply(content) });
    const panel = await openAssistant();
    fireEvent.change(panel.getByLabelText("Message"), { target: { value: "What are my active tickets?" } });
    fireEvent.click(panel.getByRole("button", { name: "Send" }));

    const link = await panel.findByRole("link", {
      name: '#1234abcd "Your session expired](https://evil.example/login) - sign in again [x"',
    });
    expect(link.getAttribute("href")).toBe(`/client/tickets/${ticketId}`);
    expect(document.querySelector('a[href*="evil.example"]')).toBeNull();
    expect(panel.getByText("- not a list, **not bold**")).toBeTruthy();
  });

  it("shows the spec's toast and gives the message back when sending fails", async () => {
    fakeAssistant("fail");
    const panel = await openAssistant();

    fireEvent.change(panel.getByLabelText("Message"), { target: { value: "Hello?" } });
    fireEvent.click(panel.getByRole("button", { name: "Send" }));

    expect(await screen.findByText("Failed to send message. Please try again.")).toBeTruthy();
    expect(panel.getByLabelText("Message")).toHaveProperty("value", "Hello?");
    expect(panel.getByText("Start a conversation with your AI assistant!")).toBeTruthy();
  });
});
