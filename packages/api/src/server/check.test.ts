// `pnpm start --check` with the files in a bucket (FILE_STORE=s3): the bucket is reached with the
// configured credentials, and a wrong bucket or key is named in one line.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config.js";
import { startTestS3, type TestS3 } from "../test/s3-server.js";
import { checkSetup } from "./check.js";

let s3: TestS3;
beforeAll(async () => {
  s3 = await startTestS3();
});
afterAll(() => s3?.close());

// A data folder with no database yet: the check then writes nothing and goes on to the file store.
const newDataDir = () => join(mkdtempSync(join(tmpdir(), "nw-check-")), "data");

describe("--check with FILE_STORE=s3", () => {
  it("reaches the bucket and says so", async () => {
    const lines = await checkSetup(loadConfig({ ...s3.env, DATA_DIR: newDataDir() }));
    expect(lines.at(-1)).toBe(`Files: bucket northwind-files reachable at ${s3.settings.endpoint}`);
  });

  it("names a bucket that is not there", async () => {
    await expect(checkSetup(loadConfig({ ...s3.env, S3_BUCKET: "nope", DATA_DIR: newDataDir() }))).rejects.toThrow(
      "Cannot reach the bucket nope: no such bucket",
    );
  });

  it("names the files' folder when they stay on disk", async () => {
    const dataDir = newDataDir();
    const lines = await checkSetup(loadConfig({ DATA_DIR: dataDir }));
    expect(lines.at(-1)).toBe(`Files: on disk in ${join(dataDir, "files")}`);
  });
});
