// The webhook delivery process (webhooks/delivery-process.ts forks it from the server; built to
// dist/webhook-worker.js): the delivery worker alone, on its own PostgreSQL connections, woken by the
// database when another process's write queued a delivery (LISTEN/NOTIFY, delivery-worker.ts). Its priority is lowered by the server that forks it
// (and again here, when started by hand), so requests win the CPU. It exits when its parent goes.
import os from "node:os";
import { createDatabase } from "@repo/db";
import { loadConfig } from "../config.js";
import { configureLogging } from "../logger.js";
import { DELIVERY_PROCESS_NICE } from "../webhooks/delivery-process.js";
import { startDeliveryWorker } from "../webhooks/delivery-worker.js";
import { databaseOptions } from "./services.js";

const config = loadConfig();
const log = configureLogging({ level: config.LOG_LEVEL, pretty: config.NODE_ENV !== "production" });
if (!config.DATABASE_URL) {
  console.error("The webhook delivery process needs PostgreSQL (DATABASE_URL): PGlite serves one process only");
  process.exit(1);
}
try {
  os.setPriority(Math.max(os.getPriority(), DELIVERY_PROCESS_NICE));
} catch {}
// The server has migrated the database before starting this process. Two connections for claims and
// records, one for LISTEN.
const database = await createDatabase({ ...databaseOptions(config), migrate: false, maxConnections: 2 });
const worker = startDeliveryWorker({ db: database.db, database, config });

let stopping = false;
async function shutdown() {
  if (stopping) return;
  stopping = true;
  await worker.stop();
  await database.close();
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown());
process.on("SIGINT", () => void shutdown());
// The server went away (crashed, or killed without a word): nobody would stop this process otherwise.
process.on("disconnect", () => void shutdown());
log.debug("webhook delivery process started");
