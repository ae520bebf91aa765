// What the outbox holds, for staff: the mails of one ticket and their state, the recent outbox (the
// development mail view: with no SMTP_URL the mails stay here to be read), and an admin's retry of a
// mail that failed for good.
import type { TRPCRouterRecord } from "@trpc/server";
import { and, type Database, eq, isUuid, outbox } from "@repo/db";
import {
  idText,
  outboxStatusSchema,
  isoTimestamp,
  pageSchema,
  ticketMailListQuerySchema,
  ticketMailPageQuerySchema,
  listSchema,
  quantity,
} from "@repo/validators";
import { z } from "zod";
import type { OpenApiMeta } from "trpc-to-openapi";
import type { Page } from "../lib/keyset.js";
import type { OutboxRow } from "../mail/outbox.js";
import { outboxPage, ticketMailPage } from "../mail/outbox-pages.js";
import { adminProcedure, staffProcedure, rest } from "../trpc.js";
import { idInput } from "./inputs.js";
import type { Scope } from "../auth/scope.js";
import { ConflictError, NotFoundError } from "../errors.js";

const tags = ["mail"];

export const mailSummarySchema = z.object({
  id: z.string(),
  kind: z.string(),
  to: z.string(),
  subject: z.string(),
  status: outboxStatusSchema,
  attempts: quantity(),
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

/** One call of a list-and-page pair: its route and what it takes. */
interface PairedCall<Q, In> {
  meta: OpenApiMeta;
  input: z.ZodType<Q, In>;
}

/**
 * A list of mails and its `…Page` sibling (issue 20), both reading one page of `read`: the list call answers
 * `{ mails }` as it did before paging, the page call `{ mails, nextCursor }`. Only their routes and inputs
 * differ (a list given no `limit` may answer every row).
 */
function mailCalls<Q, M, ListQ extends Q, ListIn, PageQ extends Q, PageIn>(
  read: (db: Database, query: Q, scope: Scope) => Promise<Page<OutboxRow>>,
  out: (row: OutboxRow) => M,
  row: z.ZodType<M>,
  list: PairedCall<ListQ, ListIn>,
  page: PairedCall<PageQ, PageIn>,
) {
  const mails = async (db: Database, query: Q, scope: Scope) => {
    const { rows, nextCursor } = await read(db, query, scope);
    return { mails: rows.map(out), nextCursor };
  };
  return {
    list: staffProcedure
      .meta(list.meta)
      .input(list.input)
      .output(listSchema("mails", row))
      // `input` as the query: tRPC keeps the parsed input's type unresolved while it is a type parameter.
      .query(({ ctx, input }) => mails(ctx.db, input as ListQ, ctx.scope)),
    page: staffProcedure
      .meta(page.meta)
      .input(page.input)
      .output(pageSchema("mails", row))
      .query(({ ctx, input }) => mails(ctx.db, input as PageQ, ctx.scope)),
  };
}

/** Every mail of the ticket, newest first, or with `cursor` and `limit` the mails after the cursor. */
const ticketMails = mailCalls(
  ticketMailPage,
  toSummary,
  mailSummarySchema,
  {
    meta: rest("GET", "/tickets/{id}/mails", tags, "The mails of a ticket and their state"),
    input: ticketMailListQuerySchema,
  },
  {
    meta: rest(
      "GET",
      "/tickets/{id}/mails/page",
      tags,
      "A page of a ticket's mails, newest first, with the next cursor",
    ),
    input: ticketMailPageQuerySchema,
  },
);

/** The newest mails, `limit` of them; with `cursor`, those older than the cursor's mail. */
const outboxMails = mailCalls(
  outboxPage,
  toMessage,
  mailMessageSchema,
  {
    meta: rest("GET", "/mails", tags, "Recent mails of the outbox, with their text"),
    input: mailListQuerySchema,
  },
  {
    meta: rest("GET", "/mails/page", tags, "A page of the outbox, newest first, with the cursor of the next"),
    input: mailListQuerySchema,
  },
);

export const mailRouter = {
  forTicket: ticketMails.list,
  ticketPage: ticketMails.page,
  list: outboxMails.list,
  page: outboxMails.page,

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
