// The receiving side of bench:webhooks, in a process of its own (forked by bench/webhook-fanout.ts), so
// that parsing 2,000 requests a second is not charged to the server's event loop it is measuring.
// Messages: it sends { url } once listening; asked "count" it answers { count }; asked "report" it
// answers { count, last, lags } (each delivery's arrival minus its event's timestamp, sorted, in ms).
import { startWebhookSink } from "../packages/api/src/webhooks/test-sink.js";

const sink = await startWebhookSink();
const reply = (message: unknown) => process.send?.(message);
reply({ url: sink.url });
process.on("message", (message) => {
  if (message === "count") reply({ count: sink.received.length });
  else if (message === "report")
    reply({
      count: sink.received.length,
      last: Math.max(0, ...sink.received.map((r) => r.receivedAt)),
      lags: sink.received
        .map((r) => r.receivedAt - Date.parse((JSON.parse(r.body) as { timestamp: string }).timestamp))
        .sort((a, b) => a - b),
    });
  else if (message === "stop") void sink.stop().then(() => process.exit(0));
});
