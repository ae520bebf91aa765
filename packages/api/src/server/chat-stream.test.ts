// Attack review finding 10: a reader that leaves mid-reply loses nothing and logs no internal error.
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { Assistant } from "../assistant/types.js";
import { serverForFile } from "../test/file-server.js";
import { log } from "../logger.js";

/** Opened by the test once its reader has gone. */
let readerLeft: () => void = () => {};

/** An engine that answers in two parts, as a remote model does, the second once the reader has gone. */
const slowEngine: Assistant = {
  engine: "openai",
  async reply({ stream }) {
    const left = new Promise<void>((resolve) => {
      readerLeft = resolve;
    });
    stream?.delta("Your laptop BIRCH-LT-0003 ");
    await left;
    stream?.delta("is at risk.");
    return { content: "Your laptop BIRCH-LT-0003 is at risk.", engine: "openai" };
  },
};

const { server } = serverForFile();
let token: string;
beforeAll(async () => {
  token = await server.login("client@birch.test");
});

interface Message {
  role: string;
  content: string;
}

describe("POST /api/client/chat/stream when the reader goes away", () => {
  it("still stores the reply, so the conversation never holds a question without its answer", async () => {
    server.services.assistant = slowEngine;
    const errors = vi.spyOn(log, "error");
    const question = `Which of our devices are at risk? (${Date.now()})`;
    const aborter = new AbortController();
    const res = await fetch(`${server.url}/api/client/chat/stream`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ content: question }),
      signal: aborter.signal,
    });
    expect(res.status).toBe(200);
    await res.body!.getReader().read(); // the first part arrived
    aborter.abort(); // and the reader left
    readerLeft();

    // The reply is stored once the engine has finished, however long a busy machine takes.
    let history: Message[] = [];
    await vi.waitFor(
      async () => {
        history = (await (await server.request("/api/client/chat", { token })).json()) as Message[];
        expect(history.at(-1)?.role === "assistant" && history.at(-2)?.content === question).toBe(true);
      },
      { timeout: 20_000, interval: 100 },
    );
    expect(history.at(-2)).toMatchObject({ role: "user", content: question });
    expect(history.at(-1)).toMatchObject({ role: "assistant" });
    expect(history.at(-1)!.content).toContain("BIRCH-LT-0003");
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });
});
