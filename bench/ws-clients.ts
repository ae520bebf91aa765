// The load side of bench:ws, in a process of its own (forked by bench/ws-fanout.ts, which sends the plan
// over IPC): opens the sockets, then per event sends the write (PATCH /api/tickets/{id}) and times, on
// every socket, the arrival of its ticket.updated from the write's send time. Sends the results back.
import { createRequire } from "node:module";
import { resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";

// ws is a dependency of the api package, not of the workspace root: load it from there.
const WebSocket = createRequire(resolve("packages/api/package.json"))("ws") as typeof import("ws").default;

export interface Plan {
  origin: string;
  /** One socket per entry: its session token, and whether the event is its to receive (tenant rule). */
  sockets: { token: string; receives: boolean }[];
  staffToken: string;
  ticketId: string;
  events: number;
}

export interface EventResult {
  /** Per receiving socket, ms from the write's send time to the message (missing ones are not counted). */
  latencies: number[];
  /** Receiving sockets that got nothing within the wait. */
  missed: number;
  /** Sockets outside the tenant that got the event: must stay 0. */
  leaked: number;
  /** The write's own response time. */
  writeMs: number;
}

const WAIT_MS = 15_000;

async function run(plan: Plan): Promise<{ connectMs: number; results: EventResult[] }> {
  // arrivals[i] is the time socket i last saw the ticket's update, reset before each event.
  const arrivals = new Float64Array(plan.sockets.length).fill(Number.NaN);
  const wsUrl = plan.origin.replace(/^http/, "ws");
  const open = (i: number) =>
    new Promise<import("ws").default>((done, fail) => {
      const ws = new WebSocket(`${wsUrl}/ws?token=${plan.sockets[i]!.token}`);
      ws.on("message", (data) => {
        const at = performance.now();
        const message = JSON.parse(String(data)) as { type: string; ticketId?: string };
        if (message.type === "ticket.updated" && message.ticketId === plan.ticketId && Number.isNaN(arrivals[i]!))
          arrivals[i] = at;
      });
      ws.once("open", () => done(ws));
      ws.once("error", fail);
    });
  const connectStart = performance.now();
  const sockets: import("ws").default[] = [];
  // 50 upgrades at a time: each authenticates against the database.
  for (let i = 0; i < plan.sockets.length; i += 50) {
    const batch = plan.sockets.slice(i, i + 50).map((_, j) => open(i + j));
    sockets.push(...(await Promise.all(batch)));
  }
  const connectMs = performance.now() - connectStart;
  await sleep(1000);

  const results: EventResult[] = [];
  for (let event = 0; event < plan.events; event++) {
    arrivals.fill(Number.NaN);
    const sent = performance.now();
    const res = await fetch(`${plan.origin}/api/tickets/${plan.ticketId}`, {
      method: "PATCH",
      headers: { authorization: `Bearer ${plan.staffToken}`, "content-type": "application/json" },
      body: JSON.stringify({ priority: event % 2 === 0 ? "P2" : "P3" }),
    });
    const writeMs = performance.now() - sent;
    if (res.status !== 200) throw new Error(`PATCH: ${res.status} ${await res.text()}`);
    const receiving = plan.sockets.filter((s) => s.receives).length;
    const arrived = () => plan.sockets.filter((s, i) => s.receives && !Number.isNaN(arrivals[i]!)).length;
    for (const deadline = sent + WAIT_MS; arrived() < receiving && performance.now() < deadline; ) await sleep(5);
    // A moment more for a leak to show on the sockets that must get nothing.
    await sleep(200);
    const latencies: number[] = [];
    let leaked = 0;
    plan.sockets.forEach((s, i) => {
      if (Number.isNaN(arrivals[i]!)) return;
      if (s.receives) latencies.push(arrivals[i]! - sent);
      else leaked++;
    });
    results.push({ latencies, missed: receiving - latencies.length, leaked, writeMs });
    await sleep(500);
  }
  for (const ws of sockets) ws.close();
  return { connectMs, results };
}

process.once("message", (plan: Plan) => {
  run(plan).then(
    (result) => process.send!({ result }, () => process.exit(0)),
    (error: Error) => process.send!({ error: error.stack ?? String(error) }, () => process.exit(1)),
  );
});
