// Two workers, as two server instances with their own connection pools, drain one outbox on one
// PostgreSQL database at the same time: every mail is sent exactly once. This needs real row locks, so it
// always runs on PostgreSQL: on TEST_DATABASE_URL's server, or the local one when that is unset.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { localFileStore } from "../files/store.js";
import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createDatabase, outbox, type DatabaseHandle } from "@repo/db";
import { enqueueMail } from "./outbox.js";
import { startSmtpTestServer, type SmtpTestServer } from "./smtp-test-server.js";
import { createMailWorker, createSmtpTransport } from "./worker.js";

const serverUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const name = `nw_mail_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
let instanceA: DatabaseHandle;
let instanceB: DatabaseHandle;
let smtp: SmtpTestServer;

beforeAll(async () => {
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  instanceA = await createDatabase({ url: url.toString(), maxConnections: 4 });
  instanceB = await createDatabase({ url: url.toString(), maxConnections: 4, migrate: false });
  smtp = await startSmtpTestServer();
});
afterAll(async () => {
  await instanceA?.close();
  await instanceB?.close();
  await smtp?.stop();
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists "${name}" with (force)`);
  await admin.end();
});

it("two instances draining one outbox send every mail exactly once", async () => {
  const total = 60;
  for (let i = 0; i < total; i++) {
    await enqueueMail(instanceA.db, {
      kind: "enquiry.new",
      to: `person${i}@example.org`,
      subject: `Mail ${i}`,
      text: "Hi",
      html: "<p>Hi</p>",
    });
  }
  // Small batches, so the two instances interleave their claims many times.
  const workers = [instanceA, instanceB].map((instance) =>
    createMailWorker({
      db: instance.db,
      // These mails carry no attachments: an empty store in a folder of its own.
      files: localFileStore(mkdtempSync(join(tmpdir(), "two-workers-"))),
      transport: createSmtpTransport(smtp.url),
      batchSize: 3,
      log: () => {},
    }),
  );
  // Each instance is also asked twice at once (its loop and a wake-up): it drains once at a time.
  const results = await Promise.all(workers.flatMap((w) => [w.drainOnce(), w.drainOnce()]));
  for (const w of workers) await w.stop();

  expect(results.reduce((n, r) => n + r.sent, 0)).toBe(total);
  expect(results.every((r) => r.retried === 0 && r.failed === 0)).toBe(true);
  expect(smtp.received).toHaveLength(total);
  expect(new Set(smtp.received.map((m) => m.messageId)).size).toBe(total);
  expect(new Set(smtp.received.map((m) => m.rcptTo[0])).size).toBe(total);
  const rows = await instanceB.db.select().from(outbox);
  expect(rows.every((r) => r.status === "sent" && r.attempts === 1)).toBe(true);
});
