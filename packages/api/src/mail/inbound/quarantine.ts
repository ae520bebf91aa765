// Each mail on its own: a mail that cannot be parsed or stored is moved aside, into quarantined_mails with
// its original in the file store, and the door goes on with the next one. Without this, one hostile mail
// (2,000 nested parts) failed every IMAP round and the mails behind it were never read, and the webhook
// answered 500, which a provider retries into duplicates. An admin retries a quarantined mail once the
// cause is gone (a fix deployed, the database back), or deletes it; the delete is audited.
import { createHash } from "node:crypto";
import { auditLogs, desc, eq, isUniqueViolation, isUuid, quarantinedMails } from "@repo/db";
import { v7 as uuidv7 } from "uuid";
import { NotFoundError } from "../../errors.js";
import { datedKey } from "../../files/store.js";
import { log } from "../../logger.js";
import { type IngestResult, type MailDoor, type MailInServices, ingestMail } from "./ingest.js";
import { storable, UnreadableMail } from "./parse.js";

export interface Quarantined {
  outcome: "quarantined";
  reason: string;
  quarantineId: string;
}

export type MailInResult = IngestResult | Quarantined;

/** The audit log's action of an admin's delete (the log's entries without a ticket). */
export const QUARANTINE_DELETED_ACTION = "mail.quarantine.deleted";

/**
 * Ingests the mail, or quarantines it when it cannot be parsed or stored. Throws only when the quarantine
 * itself cannot be written (the database or the file store is down): then nothing is lost, and the door
 * leaves the mail where it is for the next round.
 */
export async function ingestOrQuarantine(
  services: MailInServices,
  raw: Buffer,
  via: MailDoor,
  now = new Date(),
): Promise<MailInResult> {
  try {
    return await ingestMail(services, raw, via, now);
  } catch (error) {
    const { reason, detail } = failureOf(error);
    log.warn({ err: error, via, reason }, "mail in: a mail was quarantined");
    return quarantineMail(services, raw, via, reason, detail, now);
  }
}

function failureOf(error: unknown): { reason: string; detail: string } {
  if (error instanceof UnreadableMail) return { reason: error.reason, detail: error.detail };
  return { reason: "could not be stored", detail: storable(String((error as Error)?.message ?? error)).slice(0, 500) };
}

/** Writes the mail aside (once per distinct mail: a second copy finds the first row). */
export async function quarantineMail(
  { db, files }: MailInServices,
  raw: Buffer,
  via: MailDoor,
  reason: string,
  detail: string | null,
  now = new Date(),
): Promise<Quarantined> {
  const digest = createHash("sha256").update(raw).digest("hex");
  const [existing] = await db
    .select({ id: quarantinedMails.id, reason: quarantinedMails.reason })
    .from(quarantinedMails)
    .where(eq(quarantinedMails.digest, digest));
  if (existing) return { outcome: "quarantined", reason: existing.reason, quarantineId: existing.id };
  const id = uuidv7();
  const fileKey = datedKey("quarantine", id, "eml", now);
  await files.put(fileKey, raw);
  const head = headerGlimpse(raw);
  try {
    await db.insert(quarantinedMails).values({
      id,
      digest,
      via,
      reason,
      detail,
      fromAddress: head.from,
      subject: head.subject,
      size: raw.length,
      fileKey,
      quarantinedAt: now,
      lastTriedAt: now,
    });
  } catch (error) {
    await files.remove([fileKey]);
    if (!isUniqueViolation(error)) throw error;
    const [first] = await db.select().from(quarantinedMails).where(eq(quarantinedMails.digest, digest));
    return { outcome: "quarantined", reason: first?.reason ?? reason, quarantineId: first?.id ?? id };
  }
  return { outcome: "quarantined", reason, quarantineId: id };
}

/** Records the IMAP folder the original was moved to, beside the copy in the file store. */
export async function noteImapFolder({ db }: MailInServices, id: string, folder: string): Promise<void> {
  await db.update(quarantinedMails).set({ imapFolder: folder }).where(eq(quarantinedMails.id, id));
}

/**
 * From and Subject as the raw header lines say, for the list: the mail could not be parsed, so this reads
 * only the first 64 KB up to the blank line, unfolds, and keeps 200 storable characters of each.
 */
function headerGlimpse(raw: Buffer): { from: string; subject: string } {
  const text = raw.subarray(0, 64 * 1024).toString("latin1");
  const end = text.search(/\r?\n\r?\n/);
  const head = (end === -1 ? text : text.slice(0, end)).replace(/\r?\n[ \t]+/g, " ");
  const field = (name: string) => {
    const match = new RegExp(`^${name}:[ \\t]*(.*)$`, "im").exec(head);
    return storable(match?.[1] ?? "")
      .trim()
      .slice(0, 200);
  };
  return { from: field("From"), subject: field("Subject") };
}

const listColumns = {
  id: quarantinedMails.id,
  via: quarantinedMails.via,
  reason: quarantinedMails.reason,
  detail: quarantinedMails.detail,
  fromAddress: quarantinedMails.fromAddress,
  subject: quarantinedMails.subject,
  size: quarantinedMails.size,
  imapFolder: quarantinedMails.imapFolder,
  attempts: quarantinedMails.attempts,
  quarantinedAt: quarantinedMails.quarantinedAt,
  lastTriedAt: quarantinedMails.lastTriedAt,
};

/** The newest `limit` quarantined mails. */
export async function quarantinedList({ db }: Pick<MailInServices, "db">, query: { limit: number }) {
  const rows = await db
    .select(listColumns)
    .from(quarantinedMails)
    .orderBy(desc(quarantinedMails.quarantinedAt), desc(quarantinedMails.id))
    .limit(query.limit);
  return {
    mails: rows.map((row) => ({
      ...row,
      quarantinedAt: row.quarantinedAt.toISOString(),
      lastTriedAt: row.lastTriedAt.toISOString(),
    })),
  };
}

async function quarantined(db: MailInServices["db"], id: string) {
  const [row] = isUuid(id) ? await db.select().from(quarantinedMails).where(eq(quarantinedMails.id, id)) : [];
  if (!row) throw NotFoundError.of("Quarantined mail");
  return row;
}

/**
 * Runs the mail through ingestion again. On success it leaves the quarantine (its original now lives with
 * the inbound mail); otherwise it stays, with the new reason and one more attempt counted.
 */
export async function retryQuarantined(
  services: MailInServices,
  id: string,
  now = new Date(),
): Promise<{ outcome: MailInResult["outcome"]; reason: string | null }> {
  const { db, files } = services;
  const row = await quarantined(db, id);
  const raw = await files.get(row.fileKey);
  if (!raw) throw new NotFoundError("The quarantined mail's original is gone");
  let result: IngestResult;
  try {
    result = await ingestMail(services, raw, row.via as MailDoor, now);
  } catch (error) {
    const { reason, detail } = failureOf(error);
    await db
      .update(quarantinedMails)
      .set({ reason, detail, attempts: row.attempts + 1, lastTriedAt: now })
      .where(eq(quarantinedMails.id, id));
    return { outcome: "quarantined", reason };
  }
  await db.delete(quarantinedMails).where(eq(quarantinedMails.id, id));
  await files.remove([row.fileKey]);
  return { outcome: result.outcome, reason: result.reason ?? null };
}

/** Deletes a quarantined mail and its original, and records who did it in the audit log. */
export async function deleteQuarantined(
  { db, files }: MailInServices,
  id: string,
  actor: { id: string; name: string },
  now = new Date(),
): Promise<{ id: string }> {
  const row = await quarantined(db, id);
  await db.transaction(async (tx) => {
    await tx.delete(quarantinedMails).where(eq(quarantinedMails.id, id));
    // The entry has no ticket: it is mail in's history, read with the audit log's other entries.
    await tx.insert(auditLogs).values({
      ticketId: null,
      actorId: actor.id,
      actorName: actor.name,
      action: QUARANTINE_DELETED_ACTION,
      changes: {
        quarantinedMail: {
          from: { id: row.id, via: row.via, reason: row.reason, from: row.fromAddress, subject: row.subject },
          to: null,
        },
      },
      createdAt: now,
    });
  });
  await files.remove([row.fileKey]);
  return { id };
}
