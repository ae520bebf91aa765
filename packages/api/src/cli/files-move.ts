// pnpm files:move --to s3|disk — copies every stored file (attachments, mail originals, invoice PDFs) from
// DATA_DIR/files into the S3 bucket, or back, reads each copy back to check its size and SHA-256, and
// reports (docs/decisions/0052-files-on-s3.md). The S3_* settings name the bucket (with FILE_STORE=s3, as
// the server reads them). The source is left in place; set FILE_STORE to the target and restart once the
// report is clean. Safe to run again: a file already there is copied over with the same bytes.
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { loadConfig } from "../config.js";
import { s3FileStore } from "../files/s3-store.js";
import { localFileStore } from "../files/store.js";
import { copyFiles } from "../files/transfer.js";
import { s3SettingsOf } from "../server/services.js";

const USAGE = "pnpm files:move --to s3|disk";

try {
  const { values } = parseArgs({ options: { to: { type: "string" } } });
  if (values.to !== "s3" && values.to !== "disk") throw new Error(`Say where to: ${USAGE}`);
  // As `pnpm start` runs: the repository's data/ by default, a relative DATA_DIR from where the operator
  // typed the command (pnpm runs this script inside packages/api).
  const dataDir = process.env.DATA_DIR
    ? resolve(process.env.INIT_CWD ?? process.cwd(), process.env.DATA_DIR)
    : resolve(import.meta.dirname, "../../../../data");
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir });
  if (!config.S3_BUCKET) {
    throw new Error("Name the bucket: FILE_STORE=s3 with S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY");
  }
  const disk = localFileStore(join(config.DATA_DIR, "files"));
  const bucket = s3FileStore(s3SettingsOf(config));
  const [from, to] = values.to === "s3" ? [disk, bucket] : [bucket, disk];
  console.log(`Copying the files of ${from.location} to ${to.location}, checking each (size, SHA-256)...`);
  const report = await copyFiles(from, to, (key, ok) => {
    if (!ok) console.error(`  failed: ${key}`);
  });
  console.log(`Copied and verified ${report.copied} files (${report.bytes} bytes).`);
  if (report.failed.length > 0) {
    for (const { key, reason } of report.failed) console.error(`  ${key}: ${reason}`);
    throw new Error(`${report.failed.length} files did not copy; keep FILE_STORE as it is and run this again`);
  }
  console.log(`Now set FILE_STORE=${values.to} and restart; ${from.location} still holds the originals.`);
} catch (error) {
  // One line, no stack trace, as the db:* commands (docs/decisions/0031-one-line-db-command-errors.md).
  console.error(`files:move: ${(error as Error).message}`);
  process.exit(1);
}
