// The receiving side of bench:webhooks, in a process of its own (forked by bench/webhook-fanout.ts), so
// that parsing 2,000 requests a second is not charged to the processes it is measuring.
// Messages: it sends { url } once listening; { secrets } (path → subscription secret) tells it how to
// check signatures; asked "count" it answers { count }; "reset" forgets what arrived; asked "report" it
// answers { count, last, lags, ids, verified, badSignatures }: each delivery's arrival minus its event's
// timestamp (sorted, ms), every webhook-id received (once per receipt, so duplicates show), and how many
// deliveries' signatures were checked with the `standardwebhooks` package and how many failed.
import { createRequire } from "node:module";
import { resolve } from "node:path";
import { startWebhookSink } from "../packages/api/src/webhooks/test-sink.js";

// standardwebhooks is a development dependency of @repo/api (its tests verify with it), not of the
// workspace root: load it from there.
const { Webhook } = createRequire(resolve("packages/api/package.json"))(
  "standardwebhooks",
) as typeof import("standardwebhooks");
type Webhook = InstanceType<typeof Webhook>;

const sink = await startWebhookSink();
const reply = (message: unknown) => process.send?.(message);
let verifiers = new Map<string, Webhook>();
reply({ url: sink.url });

/** Checks every delivery's signature against its subscription's secret (after the run, off its clock). */
function verify() {
  let verified = 0;
  let badSignatures = 0;
  for (const r of sink.received) {
    const verifier = verifiers.get(r.path);
    try {
      if (!verifier) throw new Error(`no secret for ${r.path}`);
      verifier.verify(r.body, r.headers as Record<string, string>);
      verified++;
    } catch {
      badSignatures++;
    }
  }
  return { verified, badSignatures };
}

process.on("message", (message: string | { secrets: Record<string, string> }) => {
  if (typeof message === "object")
    verifiers = new Map(Object.entries(message.secrets).map(([p, s]) => [p, new Webhook(s)]));
  else if (message === "count") reply({ count: sink.received.length });
  else if (message === "reset") sink.received.length = 0;
  else if (message === "report")
    reply({
      count: sink.received.length,
      last: Math.max(0, ...sink.received.map((r) => r.receivedAt)),
      lags: sink.received
        .map((r) => r.receivedAt - Date.parse((JSON.parse(r.body) as { timestamp: string }).timestamp))
        .sort((a, b) => a - b),
      ids: sink.received.map((r) => String(r.headers["webhook-id"])),
      ...verify(),
    });
  else if (message === "stop") void sink.stop().then(() => process.exit(0));
});
