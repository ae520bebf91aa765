// The file store on an S3-compatible bucket (FILE_STORE=s3; docs/decisions/0052-files-on-s3.md): AWS S3,
// Backblaze B2, Cloudflare R2, MinIO, Ceph. Every instance reads and writes the same bucket, so a file
// uploaded on one is served by any other. Bodies travel as streams both ways: an upload goes up as a
// multipart upload of 5 MB parts (lib-storage's Upload, which needs no length in advance), a download
// is piped from the bucket's response.
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import type { Readable } from "node:stream";
import { byteCounter, checkKey, type FileStore, type StoredStream } from "./store.js";

export interface S3Settings {
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** bucket in the path (MinIO, s3rver, Ceph) rather than in the host name (AWS, R2). */
  forcePathStyle: boolean;
}

/**
 * Part size of a streamed upload: S3's minimum, 5 MB, as memory matters more than requests here; two
 * parts in flight and one being filled bound what an upload holds to about 15 MB.
 */
const PART_BYTES = 5 * 1024 * 1024;

/** Whether an S3 error says the object (or bucket) is not there. */
const isMissing = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === "NoSuchKey" || error.name === "NotFound" || error.$metadata.httpStatusCode === 404);

export function s3Client(settings: S3Settings): S3Client {
  return new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // The SDK's default adds CRC checksums to every upload, which servers other than AWS (s3rver, older
    // MinIO and Ceph) may keep as part of the body: checksums only where the API demands one.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
}

export function s3FileStore(settings: S3Settings, client: S3Client = s3Client(settings)): FileStore {
  const Bucket = settings.bucket;
  const getStream = async (key: string): Promise<StoredStream | null> => {
    try {
      const answer = await client.send(new GetObjectCommand({ Bucket, Key: checkKey(key) }));
      return { stream: answer.Body as Readable, size: answer.ContentLength ?? 0 };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  };
  return {
    kind: "s3",
    location: `bucket ${Bucket}${settings.endpoint ? ` at ${settings.endpoint}` : ""}`,
    async put(key, data) {
      await client.send(new PutObjectCommand({ Bucket, Key: checkKey(key), Body: data }));
    },
    async putStream(key, body) {
      const counted = byteCounter();
      // An error of the source (a refused upload) must reach the upload, which then aborts it: nothing stays.
      body.on("error", (error) => counted.destroy(error));
      body.pipe(counted);
      const upload = new Upload({
        client,
        params: { Bucket, Key: checkKey(key), Body: counted },
        partSize: PART_BYTES,
        queueSize: 2,
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (error) {
        // A small body goes up as one PutObject, which a failed source never completes; a multipart one is
        // aborted by lib-storage. Removing the key as well covers a source failing after the last part.
        await client.send(new DeleteObjectCommand({ Bucket, Key: key })).catch(() => undefined);
        throw counted.errored ?? error;
      }
      return { size: counted.bytes };
    },
    async get(key) {
      const found = await getStream(key);
      if (!found) return null;
      const chunks: Buffer[] = [];
      for await (const chunk of found.stream) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },
    getStream,
    async has(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: checkKey(key) }));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
    async remove(keys) {
      // One DELETE each (a missing key is no error in S3): DeleteObjects needs a Content-MD5 that not
      // every compatible server checks the same way.
      for (let i = 0; i < keys.length; i += 16) {
        await Promise.all(
          keys.slice(i, i + 16).map((key) => client.send(new DeleteObjectCommand({ Bucket, Key: checkKey(key) }))),
        );
      }
    },
    async *keys() {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, ContinuationToken }));
        for (const object of page.Contents ?? []) if (object.Key) yield object.Key;
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}

/** Reaches the bucket (`pnpm start --check`); throws with S3's reason when it cannot. */
export async function headBucket(settings: S3Settings): Promise<void> {
  const client = s3Client(settings);
  try {
    await client.send(new HeadBucketCommand({ Bucket: settings.bucket }));
  } catch (error) {
    const status = (error as S3ServiceException).$metadata?.httpStatusCode;
    const reason =
      status === 404
        ? "no such bucket"
        : status === 403
          ? "access denied (check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY)"
          : (error as Error).message || (error as Error).name;
    throw new Error(`Cannot reach the bucket ${settings.bucket}: ${reason}`);
  } finally {
    client.destroy();
  }
}
