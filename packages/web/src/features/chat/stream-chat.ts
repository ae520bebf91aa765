// Sending a chat message through POST /api/client/chat/stream (Server-Sent Events over a POST, since
// sending writes): the reply's text arrives in pieces, then the stored reply. Same storage and result as
// POST /api/client/chat; the stream only lets the panel show the answer as it is written.
import { authHeaders, credentialsMode } from "../../lib/trpc";

export interface ChatReply {
  id: string;
  role: "user" | "assistant";
  content: string;
  createdAt: string;
  ticketId?: string;
}

export interface StreamHandlers {
  /** The reply so far, each time it grows (or is started again after a reset). */
  onText(text: string): void;
}

export const CHAT_STREAM_URL = "/api/client/chat/stream";

export async function streamChatReply(
  content: string,
  { onText }: StreamHandlers,
  signal?: AbortSignal,
): Promise<ChatReply> {
  const response = await fetch(CHAT_STREAM_URL, {
    method: "POST",
    headers: { ...authHeaders(), "Content-Type": "application/json", Accept: "text/event-stream" },
    credentials: credentialsMode(),
    body: JSON.stringify({ content }),
    signal,
  });
  if (!response.ok || !response.body)
    throw new Error(`${response.status}: ${(await response.text()) || response.statusText}`);

  let text = "";
  for await (const { event, data } of serverSentEvents(response.body)) {
    if (event === "delta") {
      text += (data as { text: string }).text;
      onText(text);
    } else if (event === "reset") {
      text = "";
      onText(text);
    } else if (event === "message") {
      return data as ChatReply;
    } else if (event === "error") {
      throw new Error((data as { error?: string }).error ?? "The assistant could not answer");
    }
  }
  throw new Error("The reply ended before it was complete");
}

/** Parses an SSE body into { event, data } frames (data as JSON). */
export async function* serverSentEvents(
  body: ReadableStream<Uint8Array>,
): AsyncGenerator<{ event: string; data: unknown }> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    // Normalised over the whole buffer, so a CRLF cut between two chunks is still one line end.
    buffer = (buffer + decoder.decode(value, { stream: !done })).replace(/\r\n/g, "\n");
    for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
      const frame = parseFrame(buffer.slice(0, end));
      buffer = buffer.slice(end + 2);
      if (frame) yield frame;
    }
    if (done) return;
  }
}

function parseFrame(frame: string): { event: string; data: unknown } | null {
  let event = "message";
  const data: string[] = [];
  for (const line of frame.split("\n")) {
    if (line.startsWith("event:")) event = line.slice(6).trim();
    else if (line.startsWith("data:")) data.push(line.slice(5).trimStart());
  }
  if (data.length === 0) return null;
  try {
    return { event, data: JSON.parse(data.join("\n")) };
  } catch {
    return null;
  }
}
