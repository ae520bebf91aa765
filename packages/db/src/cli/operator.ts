// What the operator commands (db:backup, db:restore, db:move-to-postgres) share: where the embedded
// database is, and how a refusal is reported (docs/decisions/0010-backups-and-moving-to-postgres.md).
import { join, resolve } from "node:path";
import { OperatorError } from "../backup.js";
import { setPrivateUmask } from "../private-files.js";

/**
 * `$DATA_DIR/pglite`, as the server opens it. pnpm runs these scripts inside packages/db, so a relative
 * DATA_DIR is taken from where the operator typed the command (INIT_CWD), and the default is the
 * repository's `data/`, where `pnpm start` keeps it.
 */
export function embeddedDataDir(): string {
  const dataDir = process.env.DATA_DIR
    ? resolve(process.env.INIT_CWD ?? process.cwd(), process.env.DATA_DIR)
    : resolve(import.meta.dirname, "../../../../data");
  return join(dataDir, "pglite");
}

/** A path the operator typed, relative to where they typed it. */
export const fromOperator = (path: string) => resolve(process.env.INIT_CWD ?? process.cwd(), path);

/** Runs a command: a refusal is one line (or a table) on stderr and exit 1, never a stack trace. */
export async function runCommand(usage: string, main: () => Promise<void>): Promise<void> {
  // What an operator's command writes (a backup, a restored or migrated database) is the owner's alone.
  setPrivateUmask();
  try {
    await main();
  } catch (error) {
    // A mistyped option (parseArgs) is the operator's to fix too.
    const mistyped = String((error as NodeJS.ErrnoException).code).startsWith("ERR_PARSE_ARGS");
    if (!(error instanceof OperatorError) && !mistyped) throw error;
    console.error(mistyped ? `${(error as Error).message}. Usage: ${usage}` : (error as Error).message);
    process.exit(1);
  }
}
