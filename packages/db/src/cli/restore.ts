// pnpm db:restore <file.tar.gz> [--force] — puts a backup back as the embedded database, refused while
// the server runs and, without --force, over an existing database
// (docs/decisions/0010-backups-and-moving-to-postgres.md).
import { parseArgs } from "node:util";
import { OperatorError, restoreEmbedded } from "../backup.js";
import { embeddedDataDir, fromOperator, runCommand } from "./operator.js";

const command = { name: "db:restore", usage: "pnpm db:restore <backup.tar.gz> [--force]" };

await runCommand(command, async () => {
  if (process.env.DATABASE_URL) {
    throw new OperatorError(
      "DATABASE_URL is set: this install runs on PostgreSQL. Restore it with pg_restore (README, Production).",
    );
  }
  const { values, positionals } = parseArgs({ options: { force: { type: "boolean" } }, allowPositionals: true });
  if (positionals.length !== 1) throw new OperatorError(`Name one backup file. Usage: ${command.usage}`);
  const dataDir = embeddedDataDir();
  const { manifest, keptAs, report } = await restoreEmbedded({
    file: fromOperator(positionals[0]!),
    dataDir,
    force: values.force,
  });
  console.log(report);
  console.log(`Restored the backup of ${manifest.createdAt} into ${dataDir}; every table matches its manifest.`);
  if (keptAs) console.log(`The database it replaced is kept in ${keptAs}.`);
});
