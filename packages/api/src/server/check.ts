// `pnpm start --check` (docs/architecture.md §5): what an operator runs before starting, or from a deploy
// script: the configuration is read and validated exactly as at start, the database is reached (no
// migration runs), the file store is reached (the bucket, with FILE_STORE=s3), and the process says what
// it found and exits. It writes nothing: an embedded database
// not created yet is reported as such, and left to the first start to create.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { createDatabase } from "@repo/db";
import type { Config } from "../config.js";
import { headBucket } from "../files/s3-store.js";
import { databaseOptions, s3SettingsOf } from "./services.js";

/** What was checked, one line each; throws with the reason the database or the bucket cannot be used. */
export async function checkSetup(config: Config): Promise<string[]> {
  return [...(await checkDatabase(config)), await checkFileStore(config)];
}

/** The bucket answers HEAD with these credentials; a folder on disk needs no check (the start makes it). */
async function checkFileStore(config: Config): Promise<string> {
  if (config.FILE_STORE === "disk") return `Files: on disk in ${join(config.DATA_DIR, "files")}`;
  const settings = s3SettingsOf(config);
  await headBucket(settings);
  return `Files: bucket ${settings.bucket} reachable${settings.endpoint ? ` at ${settings.endpoint}` : ""}`;
}

async function checkDatabase(config: Config): Promise<string[]> {
  const configuration = `Configuration: valid (NODE_ENV=${config.NODE_ENV}, port ${config.PORT})`;
  const embedded = databaseOptions(config).dataDir;
  if (!config.DATABASE_URL && embedded && !existsSync(embedded)) {
    return [configuration, `Database: none yet in ${embedded}; the first start creates it (nothing was written)`];
  }
  const database = await createDatabase({ ...databaseOptions(config), migrate: false, maxConnections: 1 }).catch(
    (error: Error) => {
      throw new Error(`Cannot reach the database: ${error.message}`);
    },
  );
  try {
    await database.ping();
  } catch (error) {
    throw new Error(`Cannot reach the database: ${(error as Error).message}`);
  } finally {
    await database.close();
  }
  const where = config.DATABASE_URL
    ? `PostgreSQL at ${new URL(config.DATABASE_URL).host}`
    : `PGlite in ${config.DATA_DIR}`;
  return [
    configuration,
    `Database: reachable (${where}${config.DATABASE_DIRECT_URL ? ", with a direct connection" : ""})`,
  ];
}
