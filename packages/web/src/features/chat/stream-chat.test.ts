import { describe, expect, it } from "vitest";
import { serverSentEvents } from "./stream-chat";

/** A body that arrives in the given pieces, as a network would cut it. */
function body(...chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

async function collect(stream: ReadableStream<Uint8Array>) {
  const frames = [];
  for await (const frame of serverSentEvents(stream)) frames.push(frame);
  return frames;
}

describe("server-sent events of the chat stream", () => {
  it("reads frames cut anywhere, including inside a multi-byte character", async () => {
    const text = 'event: delta\ndata: {"text":"Café "}\n\nevent: message\ndata: {"id":"a1"}\n\n';
    const bytes = new TextEncoder().encode(text);
    const cut = text.indexOf("é") + 1; // between the two bytes of "é"
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.slice(0, cut));
        controller.enqueue(bytes.slice(cut, cut + 7));
        controller.enqueue(bytes.slice(cut + 7));
        controller.close();
      },
    });

    expect(await collect(stream)).toEqual([
      { event: "delta", data: { text: "Café " } },
      { event: "message", data: { id: "a1" } },
    ]);
  });

  it("accepts CRLF line ends and skips frames without JSON data", async () => {
    expect(
      await collect(body("event: reset\r\ndata: {}\r\n\r\n", ": keep-alive\n\n", "event: delta\ndata: not json\n\n")),
    ).toEqual([{ event: "reset", data: {} }]);
  });
});
