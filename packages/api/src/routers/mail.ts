// What the outbox holds, for staff: the mails of one ticket and their state, the recent outbox (the
// development mail view: with no SMTP_URL the mails stay here to be read), and an admin's retry of a
// mail that failed for good.
import type { TRPCRouterRecord } from "@trpc/server";
import { and, type DbExecutor, eq, isUuid, outbox } from "@repo/db";
import { idText, outboxStatusSchema, isoTimestamp } from "@repo/validators";
import { z } from "zod";
import type { OutboxRow } from "../mail/outbox.js";
import { assertCursor, keyset, pageOf } from "../lib/keyset.js";
import { ticketRecords } from "../tickets/queries.js";
import { adminProcedure, staffProcedure, rest } from "../trpc.js";
import { idInput } from "./inputs.js";
import { ConflictError, NotFoundError } from "../errors.js";

const tags = ["mail"];

export const mailSummarySchema = z.object({
  id: z.string(),
  kind: z.string(),
  to: z.string(),
  subject: z.string(),
  status: outboxStatusSchema,
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  ticketId: z.string().nullable(),
  nextAttemptAt: isoTimestamp(),
  sentAt: isoTimestamp().nullable(),
  createdAt: isoTimestamp(),
});
export type MailSummary = z.infer<typeof mailSummarySchema>;

export const mailMessageSchema = mailSummarySchema.extend({
  text: z.string(),
  html: z.string().nullable(),
  headers: z.record(z.string(), z.string()),
});
export type MailMessage = z.infer<typeof mailMessageSchema>;

const toSummary = (row: OutboxRow): MailSummary => ({
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
const SECRET_KINDS = new Set<string>(["account.password_reset"]);
const SECRET_BODY = "(This mail holds a one-time link that sets a password: it is not shown here.)";

const toMessage = (row: OutboxRow): MailMessage => {
  const secret = SECRET_KINDS.has(row.kind);
  return {
    ...toSummary(row),
    text: secret ? SECRET_BODY : row.text,
    html: secret ? null : row.html,
    headers: row.headers ?? {},
  };
};

const mailListQuerySchema = z.object({
  status: outboxStatusSchema.optional(),
  cursor: idText().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

/** Newest first, the id breaking ties (issue 20: keyset pages neither lose nor repeat a mail). */
const OUTBOX_ORDER = keyset(outbox, [
  { of: (t) => t.createdAt, direction: "desc" },
  { of: (t) => t.id, direction: "desc" },
]);

async function outboxRows(db: DbExecutor, query: z.infer<typeof mailListQuerySchema>) {
  if (query.cursor !== undefined) await assertCursor(db, outbox, query.cursor, undefined, "mails");
  const rows = await db
    .select()
    .from(outbox)
    .where(
      and(
        query.status ? eq(outbox.status, query.status) : undefined,
        query.cursor === undefined ? undefined : OUTBOX_ORDER.after(query.cursor),
      ),
    )
    .orderBy(...OUTBOX_ORDER.orderBy)
    .limit(query.limit + 1);
  return pageOf(rows, query.limit, (row) => row.id);
}

export const mailRouter = {
  forTicket: staffProcedure
    .meta(rest("GET", "/tickets/{id}/mails", tags, "The mails of a ticket and their state"))
    .input(idInput)
    .output(z.object({ mails: z.array(mailSummarySchema) }))
    .query(async ({ ctx, input }) => {
      const rows = await ticketRecords(ctx.db, outbox, input.id, "newest first");
      return { mails: rows.map(toSummary) };
    }),

  /** The newest mails, `limit` of them; with `cursor`, those older than the cursor's mail. */
  list: staffProcedure
    .meta(rest("GET", "/mails", tags, "Recent mails of the outbox, with their text"))
    .input(mailListQuerySchema)
    .output(z.object({ mails: z.array(mailMessageSchema) }))
    .query(async ({ ctx, input }) => ({ mails: (await outboxRows(ctx.db, input)).rows.map(toMessage) })),

  page: staffProcedure
    .meta(rest("GET", "/mails/page", tags, "A page of the outbox, newest first, with the cursor of the next"))
    .input(mailListQuerySchema)
    .output(z.object({ mails: z.array(mailMessageSchema), nextCursor: z.string().nullable() }))
    .query(async ({ ctx, input }) => {
      const { rows, nextCursor } = await outboxRows(ctx.db, input);
      return { mails: rows.map(toMessage), nextCursor };
    }),

  /** A failed mail goes back to the queue with a fresh count of tries. */
  retry: adminProcedure
    .meta(rest("POST", "/mails/{id}/retry", tags, "Retry a failed mail (admin)"))
    .input(idInput)
    .output(mailSummarySchema)
    .mutation(async ({ ctx, input }) => {
      if (!isUuid(input.id)) throw NotFoundError.of("Mail");
      const [row] = await ctx.db
        .update(outbox)
        .set({ status: "pending", attempts: 0, nextAttemptAt: new Date(), lastError: null })
        .where(and(eq(outbox.id, input.id), eq(outbox.status, "failed")))
        .returning();
      if (row) return toSummary(row);
      const [existing] = await ctx.db.select({ status: outbox.status }).from(outbox).where(eq(outbox.id, input.id));
      if (!existing) throw NotFoundError.of("Mail");
      throw new ConflictError(`Only failed mails can be retried; this one is ${existing.status}`);
    }),
} satisfies TRPCRouterRecord;
