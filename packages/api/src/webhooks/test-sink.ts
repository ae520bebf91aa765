// A webhook receiver on loopback for tests and the bench: records every request (headers and raw body)
// and answers the statuses it is told to, in turn, then 200.
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export interface SinkRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  receivedAt: number;
}

export interface WebhookSink {
  url: string;
  received: SinkRequest[];
  /** The statuses of the next answers, in order; 200 once they are used up (or `always`). */
  answer(statuses: number[]): void;
  /** Answer this status to every request from now on (null: back to 200). */
  always(status: number | null): void;
  stop(): Promise<void>;
}

export async function startWebhookSink(options: { keep?: boolean } = {}): Promise<WebhookSink> {
  const received: SinkRequest[] = [];
  let queue: number[] = [];
  let fixed: number | null = null;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      // The bench counts without keeping every body.
      if (options.keep !== false)
        received.push({
          path: req.url ?? "/",
          headers: req.headers,
          body: Buffer.concat(chunks).toString("utf8"),
          receivedAt: Date.now(),
        });
      else
        received.push({
          path: req.url ?? "/",
          headers: { "webhook-id": req.headers["webhook-id"] },
          body: "",
          receivedAt: Date.now(),
        });
      const status = queue.shift() ?? fixed ?? 200;
      res.writeHead(status, { "content-type": "text/plain" }).end(status < 300 ? "ok" : `status ${status}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    answer(statuses) {
      queue = [...statuses];
    },
    always(status) {
      fixed = status;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
