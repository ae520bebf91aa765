// The outbox worker: claims due mails, sends them over SMTP, and records the outcome. Every server
// instance may run one; a mail is claimed by one instance at a time (FOR UPDATE SKIP LOCKED), so several
// instances never send one mail twice.
//
// A claim is a lease: the row becomes 'sending' and its next_attempt_at the lease's end. A row still
// 'sending' after its lease ended belongs to an instance that crashed mid-send, and is claimed again.
// Sends are bounded by SMTP timeouts well inside the lease, and no send starts after its lease ran low.
import nodemailer, { type Transporter } from "nodemailer";
import { and, asc, eq, inArray, lte, outbox, sql, type Database } from "@repo/db";
import { attachmentContents, documentContents } from "../files/attachments.js";
import type { FileStore } from "../files/store.js";
import type { AppServices } from "../context.js";
import type { OutboxRow } from "./outbox.js";
import { mailFrom } from "./threading.js";
import { log as logger } from "../logger.js";
import { readIdentity } from "../site-content/published.js";
import { MAIL_SETTINGS_CACHE_MS, readMailSettings, smtpUrlOf } from "../settings/mail.js";

export const MAIL_RETRY = {
  /** Tries before a mail is marked failed (an admin can retry it then). */
  maxAttempts: 10,
  /** 30 s after the first failure, doubling each time, at most an hour: about 3 h of tries in all. */
  baseDelayMs: 30_000,
  maxDelayMs: 60 * 60_000,
};
export const LEASE_MS = 5 * 60_000;
/** The longest one send may take (the timeouts below), kept free at the end of a lease. */
const SEND_BUDGET_MS = 60_000;
const BATCH_SIZE = 5;
const POLL_MS = 5_000;

/** The wait before the next try after `attempts` failed tries. */
export function retryDelayMs(attempts: number): number {
  return Math.min(MAIL_RETRY.baseDelayMs * 2 ** Math.max(0, attempts - 1), MAIL_RETRY.maxDelayMs);
}

/** smtp://user:pass@host:587 or smtps://user:pass@host:465 (options such as ?tls.rejectUnauthorized=false). */
export function createSmtpTransport(smtpUrl: string): Transporter {
  return nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  } as nodemailer.TransportOptions);
}

export interface DrainResult {
  sent: number;
  retried: number;
  failed: number;
}

export interface MailWorker {
  /** Sends every mail due now, then resolves (tests call this; the loop calls it on a timer). */
  drainOnce(): Promise<DrainResult>;
  /** Runs drainOnce every few seconds until stop(). */
  start(): void;
  /** Asks for a drain soon (after a write that queued mail). */
  wake(): void;
  /** Stops the loop, waits for a drain in progress, closes the transport. */
  stop(): Promise<void>;
}

export interface MailWorkerOptions {
  db: Database;
  transport: Transporter;
  /** Where the attachments a mail carries are read from. */
  files: FileStore;
  batchSize?: number;
  pollMs?: number;
  maxAttempts?: number;
  /** The clock (tests move it forward to reach a retry without waiting). */
  now?: () => Date;
  log?: (message: string) => void;
  /** The From header, read before each mail (the provider's stored name and address); mailFrom without. */
  from?: () => Promise<string | { name: string; address: string }>;
}

/** The options with their defaults filled in: what claiming, sending and recording read. */
type WorkerSettings = Required<Omit<MailWorkerOptions, "pollMs">>;

/** Takes up to `batchSize` due rows (pending, or 'sending' with an expired lease) for this instance. */
async function claim({ db, now, batchSize }: WorkerSettings): Promise<OutboxRow[]> {
  const at = now();
  const due = and(inArray(outbox.status, ["pending", "sending"]), lte(outbox.nextAttemptAt, at));
  const ids = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(due)
    .orderBy(asc(outbox.createdAt), asc(outbox.id))
    .limit(batchSize)
    .for("update", { skipLocked: true });
  return db
    .update(outbox)
    .set({
      status: "sending",
      attempts: sql`${outbox.attempts} + 1`,
      nextAttemptAt: new Date(at.getTime() + LEASE_MS),
    })
    .where(and(inArray(outbox.id, ids), due))
    .returning();
}

/** Only the holder of the current lease (same attempt number) may record an outcome. */
const ours = (row: OutboxRow) =>
  and(eq(outbox.id, row.id), eq(outbox.status, "sending"), eq(outbox.attempts, row.attempts));

/** The row as one SMTP send: its threading headers by name, the rest as they are, its attachments read. */
async function send({ db, files, transport, from }: WorkerSettings, row: OutboxRow): Promise<void> {
  const {
    "Message-ID": messageId,
    "In-Reply-To": inReplyTo,
    References: references,
    "Reply-To": replyTo,
    // Handed to nodemailer as cc, so the copied addresses are on the envelope as well as in the header.
    Cc: cc,
    ...rest
  } = row.headers ?? {};
  const attachments = [
    ...(await attachmentContents(db, files, row.attachmentIds ?? [])),
    ...(await documentContents(files, row.documents ?? [])),
  ];
  await transport.sendMail({
    from: await from(),
    to: row.to,
    cc,
    subject: row.subject,
    text: row.text,
    html: row.html ?? undefined,
    messageId,
    inReplyTo,
    references,
    replyTo,
    headers: rest,
    attachments,
  });
}

/** A failed send: tried again later, or failed for good after the last try. */
async function recordFailure(settings: WorkerSettings, row: OutboxRow, error: unknown): Promise<"retried" | "failed"> {
  const failed = row.attempts >= settings.maxAttempts;
  const at = settings.now();
  await settings.db
    .update(outbox)
    .set({
      status: failed ? "failed" : "pending",
      lastError: describe(error),
      nextAttemptAt: failed ? at : new Date(at.getTime() + retryDelayMs(row.attempts)),
    })
    .where(ours(row));
  if (failed) settings.log(`mail ${row.id} to ${row.to} failed after ${row.attempts} tries: ${describe(error)}`);
  return failed ? "failed" : "retried";
}

async function deliver(settings: WorkerSettings, row: OutboxRow): Promise<keyof DrainResult> {
  try {
    await send(settings, row);
  } catch (error) {
    return recordFailure(settings, row, error);
  }
  // Should this write fail after a successful send, the lease runs out and the mail is sent again:
  // a rare duplicate is the price of never losing one.
  await settings.db.update(outbox).set({ status: "sent", sentAt: settings.now(), lastError: null }).where(ours(row));
  return "sent";
}

/** Claims and sends batch after batch until nothing is due (or the lease runs low). */
async function drain(settings: WorkerSettings): Promise<DrainResult> {
  const { now } = settings;
  const result: DrainResult = { sent: 0, retried: 0, failed: 0 };
  for (;;) {
    const batch = await claim(settings);
    if (batch.length === 0) return result;
    const leaseEnd = now().getTime() + LEASE_MS;
    for (const row of batch) {
      // Out of lease time: leave the rest to be claimed again rather than risk a second sender.
      if (now().getTime() > leaseEnd - SEND_BUDGET_MS) return result;
      result[await deliver(settings, row)]++;
    }
  }
}

export function createMailWorker(options: MailWorkerOptions): MailWorker {
  const settings: WorkerSettings = {
    db: options.db,
    transport: options.transport,
    files: options.files,
    batchSize: options.batchSize ?? BATCH_SIZE,
    maxAttempts: options.maxAttempts ?? MAIL_RETRY.maxAttempts,
    now: options.now ?? (() => new Date()),
    log: options.log ?? ((m: string) => logger.error(m)),
    from: options.from ?? (async () => mailFrom),
  };
  const pollMs = options.pollMs ?? POLL_MS;
  const { log, transport } = settings;

  let running: Promise<DrainResult> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let started = false;

  /** One drain at a time per worker: a call during a drain waits for it and then drains again. */
  async function drainOnce(): Promise<DrainResult> {
    while (running) await running.catch(() => {});
    running = drain(settings);
    try {
      return await running;
    } finally {
      running = null;
    }
  }

  function schedule(delay: number) {
    if (!started) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      drainOnce()
        .catch((error) => log(`mail worker: ${describe(error)}`))
        .finally(() => schedule(pollMs));
    }, delay);
    // The loop never keeps the process alive on its own.
    timer.unref();
  }

  return {
    drainOnce,
    start() {
      if (started) return;
      started = true;
      schedule(0);
    },
    wake() {
      if (started && !running) schedule(0);
    },
    async stop() {
      started = false;
      if (timer) clearTimeout(timer);
      timer = null;
      await running?.catch(() => {});
      transport.close();
    },
  };
}

function describe(error: unknown): string {
  const e = error as { message?: string; responseCode?: number; code?: string };
  const text = [e.code, e.responseCode, e.message ?? String(error)].filter(Boolean).join(" ");
  return text.slice(0, 1000);
}

/**
 * Starts this instance's mail sending: at once through SMTP_URL when it is set, else once an admin has
 * stored an SMTP server (the first run's mail settings, settings/mail.ts), looked for every
 * `settingsPollMs` so every instance finds it without a restart. Until then mails stay pending in the
 * outbox, where staff read them (GET /api/mails, the staff portal's mail view). The From header names the
 * provider as its admin stored it.
 */
export function startMailWorker(
  services: AppServices,
  { settingsPollMs = MAIL_SETTINGS_CACHE_MS }: { settingsPollMs?: number } = {},
): MailWorker {
  const { db, config } = services;
  if (!config.SMTP_URL) {
    logger.info(
      "SMTP_URL is not set: mails stay in the outbox, where staff can read them (GET /api/mails), until an SMTP server is stored.",
    );
  }
  const from = async () => {
    const [identity, mail] = await Promise.all([readIdentity(db), readMailSettings(db)]);
    // As parts: nodemailer quotes the name itself, whatever it holds.
    return { name: identity.name, address: mail.fromAddress ?? identity.supportEmail };
  };
  let worker: MailWorker | null = null;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let unsubscribe = () => {};

  async function look(): Promise<void> {
    const smtpUrl = await smtpUrlOf(db, config).catch(() => null);
    if (stopped) return;
    if (!smtpUrl) {
      timer = setTimeout(() => void look(), settingsPollMs);
      timer.unref();
      return;
    }
    worker = createMailWorker({ db, files: services.files, transport: createSmtpTransport(smtpUrl), from });
    worker.start();
    // A write that queued mail publishes an event after commit: send it now rather than at the next poll.
    unsubscribe = services.bus.subscribe((event) => {
      if (event.type !== "session.ended") worker?.wake();
    });
  }
  const looked = look();

  return {
    async drainOnce() {
      await looked;
      return worker ? worker.drainOnce() : { sent: 0, retried: 0, failed: 0 };
    },
    start() {},
    wake() {
      worker?.wake();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      unsubscribe();
      await looked;
      await worker?.stop();
    },
  };
}
