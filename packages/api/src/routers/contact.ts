// The public contact form, the first-party "Get a quote" click counter, and the staff enquiry list.
import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import {
  contactInputSchema,
  ENQUIRY_PAGE_SIZE,
  enquirySchema,
  idText,
  pageParams,
  enquiryListQuerySchema,
  pageSchema,
  quantity,
  trackEventInputSchema,
  successSchema,
} from "@repo/validators";
import { publicProcedure, staffProcedure, rest } from "../trpc.js";
import { limitPublicForm } from "../tickets/public-form.js";
import { receiveEnquiry } from "../enquiries/contact-form.js";
import { countCtaClick } from "../enquiries/cta-clicks.js";
import { enquiryPage, listEnquiries } from "../enquiries/inbox.js";

const tags = ["public"];

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
  submit: publicFormProcedure("contact", contactInputSchema)
    .meta(rest("POST", "/contact", tags, "Send an enquiry", { protect: false }))
    .output(successSchema)
    .mutation(async ({ ctx, input }) => {
      await receiveEnquiry(ctx.db, input);
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
      await countCtaClick(ctx.db, input.service);
      return { ok: true as const };
    }),

  /**
   * A numbered page of enquiries, newest first; with `cursor`, the `pageSize` enquiries after it instead,
   * which stays quick however far down the list it is (docs/performance.md §4).
   */
  enquiries: staffProcedure
    .meta(rest("GET", "/enquiries", tags, "Contact enquiries, newest first"))
    .input(enquiryListQuerySchema.extend({ cursor: idText().optional() }))
    .output(z.object({ enquiries: z.array(enquirySchema), total: quantity(), page: z.number(), pageSize: z.number() }))
    .query(({ ctx, input }) => listEnquiries(ctx.db, input)),

  enquiryPage: staffProcedure
    .meta(rest("GET", "/enquiries/page", tags, "A page of contact enquiries, newest first, with the next cursor"))
    .input(z.object(pageParams(ENQUIRY_PAGE_SIZE)))
    .output(pageSchema("enquiries", enquirySchema).extend({ total: quantity() }))
    .query(({ ctx, input }) => enquiryPage(ctx.db, input)),
} satisfies TRPCRouterRecord;
