// POST /api/client/chat/stream: the assistant's reply as Server-Sent Events, for the chat panel.
// A POST (not an EventSource GET) because sending a message writes: it passes the same-origin check for
// cookie-authenticated writes, and the body carries { content } as POST /api/client/chat does.
// Events, in order:
//   event: delta    data: {"text": "..."}     text as it is produced (append to the bubble)
//   event: reset    data: {}                  discard the text so far (the AI endpoint failed mid-answer
//                                             and the embedded engine answers instead)
//   event: message  data: {id, role, content, createdAt, ticketId?}   the stored reply; then the stream ends
//   event: error    data: {error, code}       instead of message, when sending failed
// Errors before the stream starts (401, 403, 400, 429) are ordinary JSON responses (server/http.ts).
import { chatMessageInputSchema } from "@repo/validators";
import { checkChatLimit, sendChatMessage } from "../assistant/chat.js";
import { requireUser } from "../auth/access.js";
import { requireCompanyScope } from "../auth/scope.js";
import { describeError, readJson, type AppContext } from "./http.js";
import { log } from "../logger.js";

export async function chatStreamHandler(c: AppContext): Promise<Response> {
  const ctx = await c.var.context();
  const user = requireUser(ctx.user);
  const scope = requireCompanyScope(ctx.scope);
  const input = chatMessageInputSchema.parse(await readJson(c));
  await checkChatLimit({ ...ctx, user });

  const encoder = new TextEncoder();
  // A reader that goes away (a closed tab, a lost connection) must not cut the exchange short: the
  // reply is still produced and stored, so the conversation never holds a message without its answer.
  let gone = false;
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (event: string, data: unknown) => {
        if (!gone) controller.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
      };
      try {
        const { assistant } = await sendChatMessage({ ...ctx, user, scope }, input.content, {
          delta: (text) => send("delta", { text }),
          reset: () => send("reset", {}),
        });
        send("message", assistant);
      } catch (error) {
        const { status, body } = describeError(error);
        // The request's line is written already: the stream outlives the response's start.
        if (status >= 500) log.error({ err: error }, "chat stream failed");
        send("error", { error: body.error, code: body.code });
      } finally {
        if (!gone) controller.close();
      }
    },
    cancel() {
      gone = true;
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-cache",
      "X-Accel-Buffering": "no",
    },
  });
}
