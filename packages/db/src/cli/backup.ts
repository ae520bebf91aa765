// pnpm db:backup [--out file.tar.gz] — a copy of the embedded database and the stored files, written by
// the server itself while it runs (docs/decisions/0010-backups-and-moving-to-postgres.md,
// docs/decisions/0036-online-backups-with-files.md). PostgreSQL installs use pg_dump (README).
import { parseArgs } from "node:util";
import { backupEmbedded, OperatorError } from "../backup.js";
import { embeddedDataDir, fromOperator, runCommand } from "./operator.js";

const command = { name: "db:backup", usage: "pnpm db:backup [--out file.tar.gz]" };

await runCommand(command, async () => {
  if (process.env.DATABASE_URL) {
    throw new OperatorError(
      "DATABASE_URL is set: this install runs on PostgreSQL. Back it up with pg_dump (README, Production).",
    );
  }
  const { values } = parseArgs({ options: { out: { type: "string" } } });
  const stamp = new Date().toISOString().slice(0, 19).replace(/[-:]/g, "").replace("T", "-");
  const file = fromOperator(values.out ?? `northwind-backup-${stamp}.tar.gz`);
  const dataDir = embeddedDataDir();
  const manifest = await backupEmbedded({ dataDir, file, filesInBucket: process.env.FILE_STORE === "s3" });
  const rows = manifest.tables.reduce((n, t) => n + t.rows, 0);
  const files = manifest.files ?? { count: 0, bytes: 0 };
  console.log(
    `Backed up ${dataDir}: ${manifest.tables.length} tables, ${rows} rows, ${files.count} stored files (${files.bytes} bytes).`,
  );
  console.log(`  ${file}`);
  console.log(`  ${file}.json (manifest: row counts and checksums)`);
  console.log("Keep both files together, on another machine.");
});
