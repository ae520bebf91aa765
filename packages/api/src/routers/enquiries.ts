// The enquiry follow-up (docs/features.md §8): one enquiry with its notes, its status and owner, and its conversion
// into a ticket. Staff only; a VIEWER reads, never writes (staffProcedure). The list is contact.enquiries.
import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import {
  enquirySchema,
  enquiryStatusSchema,
  isoTimestamp,
  MAX_LENGTHS,
  required,
  ticketPrioritySchema,
  ticketTypeSchema,
} from "@repo/validators";
import { addEnquiryNote, convertEnquiry, enquiryWithNotes, updateEnquiry } from "../enquiries/follow-up.js";
import { enquiryOut } from "../enquiries/serialize.js";
import { rest, staffProcedure } from "../trpc.js";
import { idInput } from "./inputs.js";

const tags = ["enquiries"];

const noteSchema = z.object({
  id: z.string(),
  authorName: z.string(),
  content: z.string(),
  createdAt: isoTimestamp(),
});

const noteOut = (n: { id: string; authorName: string; content: string; createdAt: Date }) => ({
  id: n.id,
  authorName: n.authorName,
  content: n.content,
  createdAt: n.createdAt.toISOString(),
});

export const enquiriesRouter = {
  get: staffProcedure
    .meta(rest("GET", "/enquiries/{id}", tags, "An enquiry with its notes"))
    .input(idInput)
    .output(enquirySchema.extend({ notes: z.array(noteSchema) }))
    .query(async ({ ctx, input }) => {
      const { enquiry, notes } = await enquiryWithNotes(ctx.db, input.id);
      return { ...enquiryOut(enquiry), notes: notes.map(noteOut) };
    }),

  update: staffProcedure
    .meta(rest("PATCH", "/enquiries/{id}", tags, "Set an enquiry's status or owner"))
    .input(
      z
        .object({ id: z.string(), status: enquiryStatusSchema.optional(), ownerId: z.string().nullable().optional() })
        .refine((b) => b.status !== undefined || b.ownerId !== undefined, { message: "Choose a change to apply" }),
    )
    .output(enquirySchema)
    .mutation(async ({ ctx, input }) => enquiryOut(await updateEnquiry(ctx, input))),

  addNote: staffProcedure
    .meta(rest("POST", "/enquiries/{id}/notes", tags, "Add a note to an enquiry"))
    .input(z.object({ id: z.string(), content: required("Note is required", MAX_LENGTHS.long) }))
    .output(noteSchema)
    .mutation(async ({ ctx, input }) =>
      noteOut(
        await addEnquiryNote(ctx, {
          id: input.id,
          author: { id: ctx.user.id, name: ctx.user.name },
          content: input.content,
        }),
      ),
    ),

  convert: staffProcedure
    .meta(rest("POST", "/enquiries/{id}/convert", tags, "Turn an enquiry into a support ticket"))
    .input(
      z.object({
        id: z.string(),
        clientId: required("Please select a client", 100),
        type: ticketTypeSchema.default("REQUEST"),
        priority: ticketPrioritySchema.default("P3"),
      }),
    )
    .output(z.object({ enquiry: enquirySchema, ticketId: z.string() }))
    .mutation(async ({ ctx, input }) => {
      const { enquiry, ticket } = await convertEnquiry(ctx, {
        ...input,
        actor: { id: ctx.user.id, name: ctx.user.name, role: ctx.user.role },
        scope: ctx.scope,
      });
      return { enquiry: enquiryOut(enquiry), ticketId: ticket.id };
    }),
} satisfies TRPCRouterRecord;
