// A real S3 API for tests: s3rver, in this process on a free loopback port, with one bucket, its objects
// in a temporary folder. The settings it returns are what FILE_STORE=s3 reads from the environment.
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import S3rver from "s3rver";
import type { S3Settings } from "../files/s3-store.js";

export interface TestS3 {
  settings: S3Settings;
  /** The same settings as FILE_STORE=s3 environment variables (for a started server process). */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startTestS3(bucket = "northwind-files"): Promise<TestS3> {
  const directory = mkdtempSync(join(tmpdir(), "nw-s3-"));
  const server = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const address = (await server.run()) as AddressInfo;
  const settings: S3Settings = {
    endpoint: `http://127.0.0.1:${address.port}`,
    region: "us-east-1",
    bucket,
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    forcePathStyle: true,
  };
  return {
    settings,
    env: {
      FILE_STORE: "s3",
      S3_ENDPOINT: settings.endpoint!,
      S3_REGION: settings.region,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: settings.accessKeyId,
      S3_SECRET_ACCESS_KEY: settings.secretAccessKey,
      S3_FORCE_PATH_STYLE: "true",
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
