// Entry point: validate configuration, open the database, serve, and shut down cleanly on a signal.
import { extname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { serve } from "@hono/node-server";
import { keepPrivate, setPrivateUmask } from "@repo/db";
import { answerBackupRequests } from "@repo/db/backup";
import { loadConfig } from "../config.js";
import { startHousekeeping } from "../housekeeping.js";
import { startSlaSweep } from "../sla/sweep.js";
import { startTimedRules } from "../automation/timed.js";
import { startRecurringTickets } from "../recurring/runner.js";
import { startReviewReminders } from "../knowledge/review-reminders.js";
import { startTimeReminders } from "../time/reminders.js";
import { startInvoiceDelivery } from "../billing/invoice-approval.js";
import { startPaymentReminders } from "../billing/notices.js";
import { startStaleMarking } from "../devices/stale.js";
import { createServerApp } from "./app.js";
import { startMailWorker } from "../mail/worker.js";
import { startDeliveries } from "../webhooks/delivery-process.js";
import { startImapPoller } from "../mail/inbound/imap.js";
import { warnAboutMissingFiles } from "../files/missing.js";
import { everyStoredFile } from "../files/transfer.js";
import { oauthTokenSource } from "../mail/inbound/oauth-token.js";
import { closeServices, listeningUrl, openServices, prepareData } from "./services.js";
import { configureLogging } from "../logger.js";
import { checkSetup } from "./check.js";

// The data folder (the database, mails, attachments) is the owner's alone: what this process creates is
// 0600/0700, and a folder written before that rule is put right at start (docs/architecture.md §16a).
setPrivateUmask();

let config;
try {
  config = loadConfig();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

if (process.argv.includes("--check")) {
  try {
    for (const line of await checkSetup(config)) console.log(line);
    process.exit(0);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}

// JSON lines for a log collector in production; readable ones at a developer's terminal.
const log = configureLogging({ level: config.LOG_LEVEL, pretty: config.NODE_ENV !== "production" });

let services: Awaited<ReturnType<typeof openServices>>;
let signIns: string[];
try {
  keepPrivate(config.DATA_DIR);
  services = await openServices(config);
  signIns = await prepareData(services);
} catch (error) {
  // A refused or unreachable database is an operator problem: say it plainly, without a stack trace.
  console.error(`Cannot start: ${(error as Error).message}`);
  process.exit(1);
}
const { app, injectWebSocket, hub } = createServerApp(services);
// `pnpm db:backup` while serving: the server that holds PGlite writes the backup itself (docs/decisions/0036).
const stopAnsweringBackups = services.database.dump
  ? answerBackupRequests(services.database, {
      dataDir: join(config.DATA_DIR, "pglite"),
      // Read through the store, so a bundle holds the files whether they are on disk or in the bucket.
      files: everyStoredFile(services.files),
      onError: (error) => log.error({ err: error }, "The backup pnpm db:backup asked for failed"),
    })
  : () => undefined;
// A restored install whose attachments were left behind says so once, instead of 404s without a word.
void warnAboutMissingFiles(services).catch((error: unknown) =>
  log.error({ err: error }, "The check for missing stored files failed"),
);
const mailWorker = startMailWorker(services);
// Webhook deliveries in a child process at a lower priority on PostgreSQL (webhooks/delivery-process.ts):
// dist/webhook-worker.js beside the built server, or the source with this process's loader in development.
const deliveries = startDeliveries(services, {
  entry: fileURLToPath(new URL(`./webhook-worker${extname(fileURLToPath(import.meta.url))}`, import.meta.url)),
});
const stopSlaSweep = startSlaSweep(services.db, services.bus);
const stopTimedRules = startTimedRules(services.db, services.bus);
const stopHousekeeping = startHousekeeping(services);
const stopTimeReminders = startTimeReminders(services.db);
const stopPaymentReminders = startPaymentReminders(services.db);
const stopInvoiceDelivery = startInvoiceDelivery(services.db, services.files);
const stopStaleMarking = startStaleMarking(services.db);
const stopRecurringTickets = startRecurringTickets(services.db, services.bus);
const stopReviewReminders = startReviewReminders(services.db);
const stopImapPoller = config.IMAP_URL
  ? startImapPoller(
      services,
      {
        url: config.IMAP_URL,
        password: config.IMAP_PASSWORD,
        accessToken: config.IMAP_ACCESS_TOKEN,
        oauth: config.IMAP_OAUTH_TOKEN_URL
          ? oauthTokenSource({
              tokenUrl: config.IMAP_OAUTH_TOKEN_URL,
              clientId: config.IMAP_OAUTH_CLIENT_ID ?? "",
              clientSecret: config.IMAP_OAUTH_CLIENT_SECRET ?? "",
              refreshToken: config.IMAP_OAUTH_REFRESH_TOKEN,
              scope: config.IMAP_OAUTH_SCOPE,
            })
          : undefined,
        doneMailbox: config.IMAP_DONE_MAILBOX,
        quarantineMailbox: config.IMAP_QUARANTINE_MAILBOX,
      },
      config.IMAP_POLL_SECONDS * 1000,
    )
  : async () => undefined;

const server = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, (info) => {
  const url = listeningUrl(config, info.port);
  log.info(`Northwind IT is running at ${url} (database: ${services.database.kind})`);
  for (const line of signIns) console.log(line);
});
injectWebSocket(server);
server.on("error", (error: NodeJS.ErrnoException) => {
  // A port that is taken or not ours to take is an operator problem: say which, and what to do.
  if (error.code === "EADDRINUSE" || error.code === "EACCES") {
    const why = error.code === "EADDRINUSE" ? "is already in use" : "needs privileges this process lacks";
    console.error(
      `Cannot start: port ${config.PORT} on ${config.HOST} ${why}. Stop the program using it, or choose another port, e.g. PORT=${config.PORT + 1} pnpm start`,
    );
  } else {
    console.error(`Cannot start: ${error.message}`);
  }
  void closeServices(services).finally(() => process.exit(1));
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info(`${signal} received, shutting down...`);
  hub.close();
  server.close();
  await mailWorker?.stop();
  await deliveries.stop();
  await stopSlaSweep();
  await stopTimedRules();
  await stopHousekeeping();
  await stopTimeReminders();
  await stopPaymentReminders();
  await stopInvoiceDelivery();
  await stopStaleMarking();
  await stopRecurringTickets();
  await stopReviewReminders();
  await stopImapPoller();
  stopAnsweringBackups();
  await closeServices(services);
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));
