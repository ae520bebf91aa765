// Opens the long-lived services (database, event bus) from the configuration.
import { join } from "node:path";
import {
  createDatabase,
  isEmpty,
  seedDemo,
  seedSlaPolicies,
  seedWorkTypes,
  seedTaxCodes,
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  SEED_LOCK_ID,
  users,
  type DatabaseOptions,
} from "@repo/db";
import { inArray, verifyPassword } from "@repo/db";
import { createAssistant } from "../assistant/index.js";
import { seedCatalogue } from "../billing/catalogue.js";
import type { Config } from "../config.js";
import { type S3Settings, s3FileStore } from "../files/s3-store.js";
import { type FileStore, localFileStore } from "../files/store.js";
import { createDatabaseBus, createLocalBus } from "../events.js";
import { openFirstRun, setupLinkLine } from "../setup/first-run.js";
import { recomputeAllSla } from "../sla/recompute.js";
import type { AppServices } from "../context.js";

/** The database the configuration names: PostgreSQL (pooled and direct), or PGlite in $DATA_DIR/pglite. */
export const databaseOptions = (config: Config): DatabaseOptions => ({
  url: config.DATABASE_URL,
  directUrl: config.DATABASE_DIRECT_URL,
  dataDir: join(config.DATA_DIR, "pglite"),
});

/** The bucket FILE_STORE=s3 names (config.ts has checked that the settings are all there). */
export const s3SettingsOf = (config: Config): S3Settings => ({
  endpoint: config.S3_ENDPOINT,
  region: config.S3_REGION,
  bucket: config.S3_BUCKET ?? "",
  accessKeyId: config.S3_ACCESS_KEY_ID ?? "",
  secretAccessKey: config.S3_SECRET_ACCESS_KEY ?? "",
  forcePathStyle: config.S3_FORCE_PATH_STYLE,
});

/** The file store the configuration names: DATA_DIR/files, or the S3 bucket. */
export const fileStoreOf = (config: Config): FileStore =>
  config.FILE_STORE === "s3" ? s3FileStore(s3SettingsOf(config)) : localFileStore(join(config.DATA_DIR, "files"));

export async function openServices(config: Config): Promise<AppServices> {
  const database = await createDatabase(databaseOptions(config));
  // PGlite serves this process only, so an in-process bus suffices; PostgreSQL shares events
  // between instances through LISTEN/NOTIFY.
  const bus = database.kind === "postgres" ? await createDatabaseBus(database) : createLocalBus();
  const files = fileStoreOf(config);
  return { database, db: database.db, bus, config, assistant: createAssistant(config), files };
}

/**
 * SLA policies always; demo data only on an empty database outside production (in production an empty
 * database gets a first-run setup link instead). Under a lock: instances starting together on an empty
 * database would otherwise both see it empty and both seed. Answers the lines the start prints.
 */
export async function prepareData(services: AppServices): Promise<string[]> {
  const { db, config } = services;
  await services.database.withLock(SEED_LOCK_ID, async () => {
    await seedSlaPolicies(db);
    await seedWorkTypes(db);
    await seedTaxCodes(db);
    await seedCatalogue(db);
    // The seed stamps tickets but leaves due times to the SLA clock.
    if (config.NODE_ENV !== "production" && (await isEmpty(db))) {
      await seedDemo(db);
      await recomputeAllSla(db);
    }
  });
  if (config.NODE_ENV === "production") {
    // An install with no account yet: the one-time link to create the first admin (setup/first-run.ts).
    const token = await openFirstRun(db);
    return token ? [setupLinkLine(listeningUrl(config, config.PORT), token)] : [];
  }
  // Only the demo accounts whose password is still the demo one: a changed password is nobody's to print.
  const rows = await db
    .select({ email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(
      inArray(
        users.email,
        DEMO_ACCOUNTS.map((a) => a.email),
      ),
    );
  const unchanged = new Set<string>();
  for (const row of rows) {
    if (row.passwordHash && (await verifyPassword(row.passwordHash, DEMO_PASSWORD))) unchanged.add(row.email);
  }
  const accounts = DEMO_ACCOUNTS.filter((a) => unchanged.has(a.email));
  if (accounts.length === 0) return [];
  return [
    `Demo sign-ins (password "${DEMO_PASSWORD}"):`,
    ...accounts.map(
      (a) => `  ${a.role.padEnd(7)} ${a.email.padEnd(24)} ${SIGNS_IN_AT[a.role]}${a.company ? `  (${a.company})` : ""}`,
    ),
  ];
}

/**
 * The address the start line names: the configured public one, else this host and port, with
 * "localhost" for a server listening on every interface.
 */
export function listeningUrl(config: Pick<Config, "PUBLIC_URL" | "HOST">, port: number): string {
  if (config.PUBLIC_URL) return config.PUBLIC_URL;
  const host = ["0.0.0.0", "::", ""].includes(config.HOST) ? "localhost" : config.HOST;
  return `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
}

/** Where each demo account signs in; a viewer's staff portal is the read-only Reports and Enquiries. */
const SIGNS_IN_AT: Record<string, string> = {
  ADMIN: "/admin",
  AGENT: "/admin",
  VIEWER: "/admin  (read-only: Reports and Enquiries)",
  CLIENT: "/client-auth",
};

export async function closeServices(services: AppServices): Promise<void> {
  await services.bus.close();
  await services.database.close();
}
