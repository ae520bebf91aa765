// The public contact form, the first-party "Get a quote" click counter, and the staff enquiry list.
import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import { count, ctaClicks, type DbExecutor, enquiries, sql } from "@repo/db";
import {
  contactInputSchema,
  idText,
  pageParams,
  enquiryListQuerySchema,
  enquirySchema,
  ENQUIRY_PAGE_SIZE,
  pageSchema,
  quantity,
  trackEventInputSchema,
} from "@repo/validators";
import { assertCursor, byCreation, pageOf } from "../lib/keyset.js";
import { publicProcedure, staffProcedure, rest } from "../trpc.js";
import { localDate } from "../sla/calendar.js";
import { enqueueEnquiryMail } from "../mail/triggers.js";
import { isBot, limitPublicForm } from "../tickets/public-form.js";
import { enquiryOut } from "../enquiries/serialize.js";

const tags = ["public"];

const blankAsNull = (v: string | undefined) => (v && v.trim() !== "" ? v.trim() : null);

/**
 * A public form's submission: no session, and once its input is valid it counts against the caller's IP
 * (tickets/public-form.ts). The count comes after parsing, so a refused submission never counts.
 */
const publicFormProcedure = <S extends z.ZodType>(form: "contact" | "track", input: S) =>
  publicProcedure.input(input).use(async ({ ctx, next }) => {
    await limitPublicForm(ctx, form);
    return next();
  });

/** Newest first, the id breaking ties (issue 20: keyset pages neither lose nor repeat an enquiry). */
const ENQUIRY_ORDER = byCreation(enquiries, "desc");

/** `limit` enquiries after `cursor`, or (without one) after skipping `offset` of them. */
async function enquiryRows(db: DbExecutor, query: { cursor?: string; limit: number; offset: number }) {
  if (query.cursor !== undefined) await assertCursor(db, enquiries, query.cursor, undefined, "enquiries");
  const rows = await db
    .select()
    .from(enquiries)
    .where(query.cursor === undefined ? undefined : ENQUIRY_ORDER.after(query.cursor))
    .orderBy(...ENQUIRY_ORDER.orderBy)
    .limit(query.limit + 1)
    .offset(query.cursor === undefined ? query.offset : 0);
  return pageOf(rows, query.limit, (row) => row.id);
}

const countEnquiries = async (db: DbExecutor) => (await db.select({ n: count() }).from(enquiries))[0]?.n ?? 0;

export const contactRouter = {
  /** Stored first (the mail follows through the outbox); a honeypot hit is told "success" and dropped. */
  submit: publicFormProcedure("contact", contactInputSchema)
    .meta(rest("POST", "/contact", tags, "Send an enquiry", { protect: false }))
    .output(z.object({ success: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      if (isBot(input)) return { success: true as const };
      await ctx.db.transaction(async (tx) => {
        const [enquiry] = await tx
          .insert(enquiries)
          .values({
            firstName: input.firstName,
            lastName: input.lastName,
            email: input.email,
            company: blankAsNull(input.company),
            service: blankAsNull(input.service),
            message: blankAsNull(input.message),
            ref: blankAsNull(input.ref),
          })
          .returning();
        await enqueueEnquiryMail(tx, enquiry!);
      });
      return { success: true as const };
    }),

  /**
   * Counts one "Get a quote" click for today (Toronto). No cookies, nothing about the visitor. Browsers
   * send it with navigator.sendBeacon as text/plain, which server/app.ts routes here too.
   */
  track: publicFormProcedure("track", trackEventInputSchema)
    .meta(rest("POST", "/track", tags, "Count a Get-a-quote click", { protect: false }))
    .output(z.object({ ok: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      await ctx.db
        .insert(ctaClicks)
        .values({ service: input.service, day: localDate(new Date()), count: 1 })
        .onConflictDoUpdate({
          target: [ctaClicks.service, ctaClicks.day],
          set: { count: sql`${ctaClicks.count} + 1` },
        });
      return { ok: true as const };
    }),

  /**
   * A numbered page of enquiries, newest first; with `cursor`, the `pageSize` enquiries after it instead,
   * which stays quick however far down the list it is (issue 20).
   */
  enquiries: staffProcedure
    .meta(rest("GET", "/enquiries", tags, "Contact enquiries, newest first"))
    .input(enquiryListQuerySchema.extend({ cursor: idText().optional() }))
    .output(z.object({ enquiries: z.array(enquirySchema), total: quantity(), page: z.number(), pageSize: z.number() }))
    .query(async ({ ctx, input }) => {
      const [{ rows }, total] = await Promise.all([
        enquiryRows(ctx.db, { cursor: input.cursor, limit: input.pageSize, offset: (input.page - 1) * input.pageSize }),
        countEnquiries(ctx.db),
      ]);
      return { enquiries: rows.map(enquiryOut), total, page: input.page, pageSize: input.pageSize };
    }),

  enquiryPage: staffProcedure
    .meta(rest("GET", "/enquiries/page", tags, "A page of contact enquiries, newest first, with the next cursor"))
    .input(z.object(pageParams(ENQUIRY_PAGE_SIZE)))
    .output(pageSchema("enquiries", enquirySchema).extend({ total: quantity() }))
    .query(async ({ ctx, input }) => {
      const [{ rows, nextCursor }, total] = await Promise.all([
        enquiryRows(ctx.db, { ...input, offset: 0 }),
        countEnquiries(ctx.db),
      ]);
      return { enquiries: rows.map(enquiryOut), nextCursor, total };
    }),
} satisfies TRPCRouterRecord;
