// What the operator commands (db:migrate, db:seed, db:backup, db:restore, db:move-to-postgres) share: where
// the embedded database is, and how a failure is reported (docs/decisions/0010-backups-and-moving-to-postgres.md,
// 0031-one-line-db-command-errors.md).
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

/** A command as the operator types it: its name (`db:restore`) and how it is called. */
export interface OperatorCommand {
  name: string;
  usage: string;
}

/**
 * Runs a command. Any failure is one line on stderr, the command's name first ("db:restore: No backup at
 * ..."), and exit 1: never a stack trace, which would bury the reason (docs/decisions/0031-one-line-db-command-errors.md).
 * A refusal's table (a checksum comparison) follows its line. `DEBUG=1` adds the stack of an unexpected error.
 */
export async function runCommand({ name, usage }: OperatorCommand, main: () => Promise<void>): Promise<void> {
  // What an operator's command writes (a backup, a restored or migrated database) is the owner's alone.
  setPrivateUmask();
  try {
    await main();
  } catch (error) {
    // A mistyped option (parseArgs) is the operator's to fix too.
    const mistyped = String((error as NodeJS.ErrnoException).code).startsWith("ERR_PARSE_ARGS");
    const reason = mistyped ? `${(error as Error).message}. Usage: ${usage}` : describeFailure(error);
    console.error(`${name}: ${reason}`);
    if (process.env.DEBUG && !(error instanceof OperatorError) && !mistyped) console.error(error);
    process.exit(1);
  }
}

/**
 * An error in words. A failed connection is an AggregateError with an empty message when the host has
 * several addresses (localhost: ::1 and 127.0.0.1): its first cause, or its code, says what happened.
 */
export function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const first = error instanceof AggregateError ? (error.errors[0] as unknown) : undefined;
  if (!error.message && first !== undefined) return describeFailure(first);
  return error.message || (error as NodeJS.ErrnoException).code || error.name;
}
