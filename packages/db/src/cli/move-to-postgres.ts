// pnpm db:move-to-postgres --to postgres://... — copies the embedded database into an empty PostgreSQL
// database (docs/decisions/0010-backups-and-moving-to-postgres.md).
import { parseArgs } from "node:util";
import { OperatorError } from "../backup.js";
import { moveToPostgres, redact } from "../move.js";
import { embeddedDataDir, runCommand } from "./operator.js";

const command = {
  name: "db:move-to-postgres",
  usage: "pnpm db:move-to-postgres --to postgres://user:password@host:5432/database",
};

await runCommand(command, async () => {
  const { values } = parseArgs({ options: { to: { type: "string" } } });
  if (!values.to) throw new OperatorError(`Name the target with --to. Usage: ${command.usage}`);
  const dataDir = embeddedDataDir();
  console.log(`Moving ${dataDir} to ${redact(values.to)}...`);
  const { report, rows } = await moveToPostgres({ dataDir, url: values.to, log: console.log });
  console.log(report);
  console.log(`Moved ${rows} rows; every table's count and checksum match.`);
  console.log(`Start the server on PostgreSQL: DATABASE_URL=${redact(values.to)} pnpm start`);
  console.log(
    "Files under DATA_DIR/files stay where they are: keep DATA_DIR (or copy its files/ folder) for the new server.",
  );
});
