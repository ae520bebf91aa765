// What came in by mail, for staff (docs/architecture.md §11a): every mail with what it became, the
// ignored ones included, so a bounce, an auto-reply or a sender over the hourly limit is never lost from
// sight. The original of each is at GET /api/mail/inbound/{id} (server/mail-original.ts).
import type { TRPCRouterRecord } from "@trpc/server";
import { columnsOf, desc, eq, inboundMails } from "@repo/db";
import { INBOUND_OUTCOMES, isoTimestamp, listSchema, mailListLimit, quantity } from "@repo/validators";
import { z } from "zod";
import { rest, staffProcedure } from "../trpc.js";

export const inboundMailSchema = z.object({
  id: z.string(),
  fromAddress: z.string(),
  fromName: z.string().nullable(),
  subject: z.string(),
  via: z.string(),
  outcome: z.enum(INBOUND_OUTCOMES),
  reason: z.string().nullable(),
  ticketId: z.string().nullable(),
  enquiryId: z.string().nullable(),
  size: quantity(),
  receivedAt: isoTimestamp(),
});

/** The columns `inboundMailSchema` describes: a mail's summary, without its text or the original. */
const summaryColumns = columnsOf(inboundMails, inboundMailSchema.keyof().options);

export const mailInRouter = {
  received: staffProcedure
    .meta(rest("GET", "/mail/inbound", ["mail"], "Mails that came in, newest first, with what each became"))
    .input(
      z.object({
        outcome: z.enum(INBOUND_OUTCOMES).optional(),
        limit: mailListLimit(),
      }),
    )
    .output(listSchema("mails", inboundMailSchema))
    .query(async ({ ctx, input }) => {
      const rows = await ctx.db
        .select(summaryColumns)
        .from(inboundMails)
        .where(input.outcome ? eq(inboundMails.outcome, input.outcome) : undefined)
        .orderBy(desc(inboundMails.receivedAt), desc(inboundMails.id))
        .limit(input.limit);
      return { mails: rows.map((row) => ({ ...row, receivedAt: row.receivedAt.toISOString() })) };
    }),
} satisfies TRPCRouterRecord;
