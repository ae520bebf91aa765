// What came in by mail, as staff read it (docs/architecture.md §11a): every mail with what it became, the
// ignored ones included, newest first. A summary only: the original is served by server/mail-original.ts.
import { columnsOf, type DbExecutor, desc, eq, inboundMails } from "@repo/db";
import { INBOUND_OUTCOMES, type InboundOutcome, isoTimestamp, quantity } from "@repo/validators";
import { z } from "zod";

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

/** The newest `limit` mails, of one outcome when `outcome` is given. */
export async function receivedMails(db: DbExecutor, query: { outcome?: InboundOutcome; limit: number }) {
  const rows = await db
    .select(summaryColumns)
    .from(inboundMails)
    .where(query.outcome ? eq(inboundMails.outcome, query.outcome) : undefined)
    .orderBy(desc(inboundMails.receivedAt), desc(inboundMails.id))
    .limit(query.limit);
  return { mails: rows.map((row) => ({ ...row, receivedAt: row.receivedAt.toISOString() })) };
}
