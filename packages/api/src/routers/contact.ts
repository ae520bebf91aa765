// The public contact form, the first-party "Get a quote" click counter, and the staff enquiry list.
import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import { count, ctaClicks, desc, enquiries, sql } from "@repo/db";
import { contactSchema, pageQuerySchema, trackEventSchema } from "@repo/validators";
import { publicProcedure, staffProcedure, rest } from "../trpc.js";
import { localDate } from "../sla/calendar.js";
import { enqueueEnquiryMail } from "../mail/triggers.js";
import { isBot, limitPublicForm } from "../tickets/public-form.js";
import { enquiryOut, enquirySchema } from "../enquiries/serialize.js";

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

export const contactRouter = {
  /** Stored first (the mail follows through the outbox); a honeypot hit is told "success" and dropped. */
  submit: publicFormProcedure("contact", contactSchema)
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
  track: publicFormProcedure("track", trackEventSchema)
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

  enquiries: staffProcedure
    .meta(rest("GET", "/enquiries", tags, "Contact enquiries, newest first"))
    .input(pageQuerySchema)
    .output(z.object({ enquiries: z.array(enquirySchema), total: z.number(), page: z.number(), pageSize: z.number() }))
    .query(async ({ ctx, input }) => {
      const [rows, [total]] = await Promise.all([
        ctx.db
          .select()
          .from(enquiries)
          .orderBy(desc(enquiries.createdAt), desc(enquiries.id))
          .limit(input.pageSize)
          .offset((input.page - 1) * input.pageSize),
        ctx.db.select({ n: count() }).from(enquiries),
      ]);
      return {
        enquiries: rows.map(enquiryOut),
        total: total?.n ?? 0,
        page: input.page,
        pageSize: input.pageSize,
      };
    }),
} satisfies TRPCRouterRecord;
