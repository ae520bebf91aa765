// What the outbox holds, for staff: the mails of one ticket and their state, the recent outbox (the
// development mail view: with no SMTP_URL the mails stay here to be read), and an admin's retry of a
// mail that failed for good.
import type { TRPCRouterRecord } from "@trpc/server";
import {
  pageSchema,
  ticketMailListQuerySchema,
  ticketMailPageQuerySchema,
  listSchema,
  mailMessageSchema,
  mailSummarySchema,
  outboxListQuerySchema,
} from "@repo/validators";
import type { z } from "zod";
import type { OpenApiMeta } from "trpc-to-openapi";
import type { Context } from "../context.js";
import type { Page } from "../lib/keyset.js";
import type { OutboxRow } from "../mail/outbox.js";
import { outboxPage, ticketMailPage } from "../mail/outbox-pages.js";
import { retryFailedMail, toMailMessage, toMailSummary } from "../mail/outbox-view.js";
import { adminProcedure, staffProcedure, rest } from "../trpc.js";
import { idInput } from "./inputs.js";

export type { MailMessage, MailSummary } from "@repo/validators";
import type { Scope } from "../auth/scope.js";

const tags = ["mail"];

/** One call of a list-and-page pair: its route and what it takes. */
interface PairedCall<Q, In> {
  meta: OpenApiMeta;
  input: z.ZodType<Q, In>;
}

/**
 * A list of mails and its `…Page` sibling (docs/performance.md §4), both reading one page of `read`: the list
 * call answers `{ mails }` as it did before paging, the page call `{ mails, nextCursor }`. Only their routes and
 * inputs differ (a list given no `limit` may answer every row).
 */
function mailCalls<Q, M, ListQ extends Q, ListIn, PageQ extends Q, PageIn>(
  read: (db: Context["db"], query: Q, scope: Scope) => Promise<Page<OutboxRow>>,
  out: (row: OutboxRow) => M,
  row: z.ZodType<M>,
  list: PairedCall<ListQ, ListIn>,
  page: PairedCall<PageQ, PageIn>,
) {
  const mails = async (db: Context["db"], query: Q, scope: Scope) => {
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
  toMailSummary,
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
  toMailMessage,
  mailMessageSchema,
  {
    meta: rest("GET", "/mails", tags, "Recent mails of the outbox, with their text"),
    input: outboxListQuerySchema,
  },
  {
    meta: rest("GET", "/mails/page", tags, "A page of the outbox, newest first, with the cursor of the next"),
    input: outboxListQuerySchema,
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
    .mutation(({ ctx, input }) => retryFailedMail(ctx.db, input.id)),
} satisfies TRPCRouterRecord;
