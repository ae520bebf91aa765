// What came in by mail, for staff (docs/architecture.md §11a): every mail with what it became, the
// ignored ones included, so a bounce, an auto-reply or a sender over the hourly limit is never lost from
// sight. The original of each is at GET /api/mail/inbound/{id} (server/mail-original.ts).
import type { TRPCRouterRecord } from "@trpc/server";
import { INBOUND_OUTCOMES, listSchema, mailListLimit } from "@repo/validators";
import { z } from "zod";
import { inboundMailSchema, receivedMails } from "../mail/inbound/received.js";
import { rest, staffProcedure } from "../trpc.js";

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
    .query(({ ctx, input }) => receivedMails(ctx.db, input)),
} satisfies TRPCRouterRecord;
