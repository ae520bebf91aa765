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
  /**
   * Runs before each answer; a number it returns is that answer's status. Tests use it to answer by path
   * or to change the database while a send is in flight (a lease running out). Null: none.
   */
  intercept(hook: ((request: SinkRequest) => Promise<number | undefined>) | null): void;
  stop(): Promise<void>;
}

export async function startWebhookSink(options: { keep?: boolean } = {}): Promise<WebhookSink> {
  const received: SinkRequest[] = [];
  let queue: number[] = [];
  let fixed: number | null = null;
  let hook: ((request: SinkRequest) => Promise<number | undefined>) | null = null;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      const request: SinkRequest = {
        path: req.url ?? "/",
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
        receivedAt: Date.now(),
      };
      // The bench counts without keeping every body.
      received.push(
        options.keep !== false
          ? request
          : { ...request, headers: { "webhook-id": req.headers["webhook-id"] }, body: "" },
      );
      const status = (hook ? await hook(request) : undefined) ?? queue.shift() ?? fixed ?? 200;
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
    intercept(next) {
      hook = next;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
