// The outbox as staff see it: a mail's summary and state, its text (never the text of a mail that opens an
// account), and an admin's retry of a mail that failed for good.
import { and, type DbExecutor, eq, isUuid, outbox } from "@repo/db";
import type { MailMessage, MailSummary } from "@repo/validators";
import { ConflictError, NotFoundError } from "../errors.js";
import type { OutboxRow } from "./outbox.js";

export const toMailSummary = (row: OutboxRow): MailSummary => ({
  id: row.id,
  kind: row.kind,
  to: row.to,
  subject: row.subject,
  status: row.status,
  attempts: row.attempts,
  lastError: row.lastError,
  ticketId: row.ticketId,
  nextAttemptAt: row.nextAttemptAt.toISOString(),
  sentAt: row.sentAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

/** Mails whose body opens an account: never shown to staff, who could otherwise take it over. */
const SECRET_KINDS = new Set<string>(["account.password_reset", "account.invitation"]);
const SECRET_BODY = "(This mail holds a one-time link that sets a password: it is not shown here.)";

export const toMailMessage = (row: OutboxRow): MailMessage => {
  const secret = SECRET_KINDS.has(row.kind);
  return {
    ...toMailSummary(row),
    text: secret ? SECRET_BODY : row.text,
    html: secret ? null : row.html,
    headers: row.headers ?? {},
  };
};

/** A failed mail goes back to the queue with a fresh count of tries; a mail in any other state is left. */
export async function retryFailedMail(db: DbExecutor, id: string): Promise<MailSummary> {
  if (!isUuid(id)) throw NotFoundError.of("Mail");
  const [row] = await db
    .update(outbox)
    .set({ status: "pending", attempts: 0, nextAttemptAt: new Date(), lastError: null })
    .where(and(eq(outbox.id, id), eq(outbox.status, "failed")))
    .returning();
  if (row) return toMailSummary(row);
  const [existing] = await db.select({ status: outbox.status }).from(outbox).where(eq(outbox.id, id));
  if (!existing) throw NotFoundError.of("Mail");
  throw new ConflictError(`Only failed mails can be retried; this one is ${existing.status}`);
}
