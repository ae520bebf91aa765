// What came in by mail, for staff (docs/architecture.md §11a): every mail with what it became, the
// ignored ones included, so a bounce, an auto-reply or a sender over the hourly limit is never lost from
// sight. The original of each is at GET /api/mail/inbound/{id} (server/mail-original.ts). Mails that could
// not be parsed or stored wait in the quarantine, which an admin alone reads, retries and deletes.
import type { TRPCRouterRecord } from "@trpc/server";
import {
  INBOUND_OUTCOMES,
  listSchema,
  mailInStatusSchema,
  mailListLimit,
  quarantinedMailListQuerySchema,
  quarantinedMailListSchema,
  quarantinedMailRetrySchema,
} from "@repo/validators";
import { z } from "zod";
import { deleteQuarantined, quarantinedList, retryQuarantined } from "../mail/inbound/quarantine.js";
import { inboundMailSchema, receivedMails } from "../mail/inbound/received.js";
import { imapStatus } from "../mail/inbound/status.js";
import { adminProcedure, rest, staffProcedure } from "../trpc.js";
import { idInput } from "./inputs.js";

const tags = ["mail"];

export const mailInRouter = {
  received: staffProcedure
    .meta(rest("GET", "/mail/inbound", tags, "Mails that came in, newest first, with what each became"))
    .input(
      z.object({
        outcome: z.enum(INBOUND_OUTCOMES).optional(),
        limit: mailListLimit(),
      }),
    )
    .output(listSchema("mails", inboundMailSchema))
    .query(({ ctx, input }) => receivedMails(ctx.db, input)),

  /** How the IMAP door is doing: last poll, last success, last error, backoff, mails today (admin). */
  status: adminProcedure
    .meta(rest("GET", "/mail/imap-status", tags, "How mail in's IMAP polling is doing (admin)"))
    .output(mailInStatusSchema)
    .query(({ ctx }) => imapStatus(ctx)),

  quarantined: adminProcedure
    .meta(rest("GET", "/mail/quarantine", tags, "Mails that could not be parsed or stored, newest first (admin)"))
    .input(quarantinedMailListQuerySchema)
    .output(quarantinedMailListSchema)
    .query(({ ctx, input }) => quarantinedList(ctx, input)),

  /** Runs a quarantined mail through ingestion again; on success it leaves the quarantine. */
  retryQuarantined: adminProcedure
    .meta(rest("POST", "/mail/quarantine/{id}/retry", tags, "Ingest a quarantined mail again (admin)"))
    .input(idInput)
    .output(quarantinedMailRetrySchema)
    .mutation(({ ctx, input }) => retryQuarantined(ctx, input.id)),

  deleteQuarantined: adminProcedure
    .meta(rest("DELETE", "/mail/quarantine/{id}", tags, "Delete a quarantined mail and its original (admin)"))
    .input(idInput)
    .output(z.object({ id: z.string() }))
    .mutation(({ ctx, input }) => deleteQuarantined(ctx, input.id, { id: ctx.user.id, name: ctx.user.name })),
} satisfies TRPCRouterRecord;
