// POST /api/client/chat/stream: the assistant's reply as Server-Sent Events, for the chat panel.
// A POST (not an EventSource GET) because sending a message writes: it passes the same-origin check for
// cookie-authenticated writes, and the body carries { content } as POST /api/client/chat does.
// Events, in order:
//   event: delta    data: {"text": "..."}     text as it is produced (append to the bubble)
//   event: reset    data: {}                  discard the text so far (the AI endpoint failed mid-answer
//                                             and the embedded engine answers instead)
//   event: message  data: {id, role, content, createdAt, ticketId?}   the stored reply; then the stream ends
//   event: error    data: {error, code}       instead of message, when sending failed
// Errors before the stream starts (401, 403, 400, 429) are ordinary JSON responses.
import type { Context as HonoContext } from "hono";
import { TRPCError } from "@trpc/server";
import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import { chatMessageSchema } from "@repo/validators";
import { checkChatLimit, sendChatMessage } from "../assistant/chat.js";
import { createContext, zodIssues, type AppServices } from "../trpc.js";
import { clientIp } from "./client-ip.js";

const jsonError = (error: string, code: string, status: number, headers?: Headers) =>
  new Response(JSON.stringify({ error, code }), {
    status,
    headers: { ...Object.fromEntries(headers ?? []), "Content-Type": "application/json" },
  });

export function chatStreamHandler(services: AppServices) {
  return async (c: HonoContext): Promise<Response> => {
    const resHeaders = new Headers();
    const ctx = await createContext(services, {
      headers: c.req.raw.headers,
      ip: clientIp(c, services.config),
      resHeaders,
    });
    if (!ctx.user) return jsonError("Authentication required", "UNAUTHORIZED", 401);
    if (ctx.user.role !== "CLIENT" || !ctx.user.clientId)
      return jsonError("This is available to client accounts only", "FORBIDDEN", 403);
    const user = ctx.user;
    const clientId = ctx.user.clientId;

    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      return jsonError("The request body is not valid JSON", "PARSE_ERROR", 400);
    }
    const input = chatMessageSchema.safeParse(body);
    if (!input.success) {
      const issues = zodIssues(input.error);
      return new Response(
        JSON.stringify({ error: issues.map((i) => i.message).join(". "), code: "BAD_REQUEST", issues }),
        {
          status: 400,
          headers: { "Content-Type": "application/json" },
        },
      );
    }
    try {
      await checkChatLimit({ ...ctx, user });
    } catch (error) {
      if (error instanceof TRPCError)
        return jsonError(error.message, error.code, getHTTPStatusCodeFromError(error), resHeaders);
      throw error;
    }

    const encoder = new TextEncoder();
    const body$ = new ReadableStream<Uint8Array>({
      async start(controller) {
        const send = (event: string, data: unknown) =>
          controller.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
        try {
          const { assistant } = await sendChatMessage({ ...ctx, user, clientId }, input.data.content, {
            delta: (text) => send("delta", { text }),
            reset: () => send("reset", {}),
          });
          send("message", assistant);
        } catch (error) {
          const known = error instanceof TRPCError && error.code !== "INTERNAL_SERVER_ERROR";
          if (!known) console.error("POST /api/client/chat/stream:", error);
          send(
            "error",
            known
              ? { error: error.message, code: error.code }
              : { error: "Internal server error", code: "INTERNAL_SERVER_ERROR" },
          );
        } finally {
          controller.close();
        }
      },
    });
    return new Response(body$, {
      headers: {
        "Content-Type": "text/event-stream; charset=utf-8",
        "Cache-Control": "no-cache",
        "X-Accel-Buffering": "no",
      },
    });
  };
}
