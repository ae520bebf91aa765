// Staff ticket management (docs/product-spec.md §7: /api/tickets...) and the public ticket form, which shares
// POST /api/tickets with the staff form: the caller's session decides which payload it is.
import { randomUUID } from "node:crypto";
import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import { auditLogs } from "@repo/db";
import {
  commentCreateSchema,
  isoTimestamp,
  publicTicketSchema,
  staffTicketPatchSchema,
  staffTicketSchema,
  ticketCreateEnvelopeSchema,
  ticketListQuerySchema,
  type TicketType,
} from "@repo/validators";
import { publicProcedure, protectedProcedure, staffProcedure, rest, type Context } from "../trpc.js";
import { idInput } from "./inputs.js";
import { getStaffTicket, ticketRecords, listStaffTickets } from "../tickets/queries.js";
import { isBot, limitPublicForm, parseWith } from "../tickets/public-form.js";
import { staffCommentSchema, staffTicketSchema as staffTicketOutput, toStaffComment } from "../tickets/serialize.js";
import { addComment, createTicket, deleteTicket, updateTicket } from "../tickets/service.js";
import { uploadClaim } from "../files/uploads.js";
import { requireAdmin, requireStaff, requireWriter } from "../auth/access.js";

const tags = ["tickets"];

const PUBLIC_TYPES: Record<string, TicketType> = { Incident: "INCIDENT", Request: "REQUEST", Task: "TASK" };

const historyEntrySchema = z.object({
  id: z.string(),
  action: z.string(),
  actorId: z.string().nullable(),
  actorName: z.string().nullable(),
  changes: z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() })).nullable(),
  createdAt: isoTimestamp(),
});

/** An entry of a ticket's audit log as the history shows it. */
const toHistoryEntry = ({ ticketId: _ticketId, createdAt, ...entry }: typeof auditLogs.$inferSelect) => ({
  ...entry,
  createdAt: createdAt.toISOString(),
});

/** The public form: no session. Honeypot, per-IP limit, status NEW, nothing assigned or tagged. */
async function createFromPublicForm(ctx: Context, body: unknown) {
  const input = parseWith(publicTicketSchema, body);
  await limitPublicForm(ctx, "ticket");
  if (isBot(input)) return { id: randomUUID() };
  const ticket = await createTicket(ctx, {
    input: { ...input, type: PUBLIC_TYPES[input.type]! },
    source: "public",
    actor: { name: input.requesterName },
    attachments: uploadClaim(input.attachments, null),
  });
  return { id: ticket.id };
}

export const ticketsRouter = {
  list: staffProcedure
    .meta(rest("GET", "/tickets", tags, "Search and filter tickets, newest first"))
    .input(ticketListQuerySchema)
    .output(
      z.object({
        tickets: z.array(staffTicketOutput),
        total: z.number(),
        totalCapped: z.boolean(),
        page: z.number(),
        pageSize: z.number(),
      }),
    )
    .query(({ ctx, input }) => listStaffTickets(ctx.db, input)),

  /**
   * One procedure for both callers of POST /api/tickets. With a staff session: the staff form, returning
   * the created ticket. Without a session: the public form, returning `{ id }`. A client session is
   * refused (clients use POST /api/client/tickets); a viewer never writes.
   */
  create: publicProcedure
    .meta(
      rest("POST", "/tickets", tags, "Create a ticket (staff form with a session; public form without)", {
        protect: false,
      }),
    )
    .input(ticketCreateEnvelopeSchema)
    .output(z.union([staffTicketOutput, z.object({ id: z.string() })]))
    .mutation(async ({ ctx, input }) => {
      const user = ctx.user;
      if (!user) return createFromPublicForm(ctx, input);
      requireStaff(user, "Client accounts create tickets in the client portal");
      requireWriter(user);
      const { website: _honeypot, ...fields } = input;
      // A signed-in agent who fills in the public form sends its title-case type: accept it as such.
      const type = fields.type && Object.hasOwn(PUBLIC_TYPES, fields.type) ? PUBLIC_TYPES[fields.type] : fields.type;
      const data = parseWith(staffTicketSchema, { ...fields, type });
      const ticket = await createTicket(ctx, {
        input: data,
        source: "staff",
        actor: { id: user.id, name: user.name, role: user.role },
        attachments: uploadClaim(data.attachments, user.id),
      });
      return getStaffTicket(ctx.db, ticket.id);
    }),

  get: staffProcedure
    .meta(rest("GET", "/tickets/{id}", tags, "A ticket with its comments"))
    .input(idInput)
    .output(staffTicketOutput)
    .query(({ ctx, input }) => getStaffTicket(ctx.db, input.id)),

  update: staffProcedure
    .meta(rest("PATCH", "/tickets/{id}", tags, "Edit a ticket"))
    .input(staffTicketPatchSchema.extend({ id: z.string() }))
    .output(staffTicketOutput)
    .mutation(async ({ ctx, input }) => {
      const { id, ...patch } = input;
      const { ticket } = await updateTicket(ctx, {
        id,
        patch,
        actor: { id: ctx.user.id, name: ctx.user.name, role: ctx.user.role },
      });
      return getStaffTicket(ctx.db, ticket.id);
    }),

  /** ADMIN only, with the spec's exact refusal; comments and audit logs go with the ticket. */
  delete: protectedProcedure
    .meta(rest("DELETE", "/tickets/{id}", tags, "Delete a ticket (admin)"))
    .input(idInput)
    .output(z.object({ success: z.literal(true), id: z.string() }))
    .mutation(async ({ ctx, input }) => {
      requireAdmin(ctx.user, "Only administrators can delete tickets");
      const ticket = await deleteTicket(ctx, { id: input.id, actor: { id: ctx.user.id, name: ctx.user.name } });
      return { success: true as const, id: ticket.id };
    }),

  comments: staffProcedure
    .meta(rest("GET", "/tickets/{id}/comments", tags, "A ticket's comments, internal notes included"))
    .input(idInput)
    .output(z.object({ comments: z.array(staffCommentSchema) }))
    .query(async ({ ctx, input }) => {
      const ticket = await getStaffTicket(ctx.db, input.id);
      return { comments: ticket.comments ?? [] };
    }),

  addComment: staffProcedure
    .meta(rest("POST", "/tickets/{id}/comments", tags, "Comment, or add an internal note"))
    .input(commentCreateSchema.extend({ id: z.string() }))
    .output(staffCommentSchema)
    .mutation(async ({ ctx, input }) => {
      const { comment } = await addComment(ctx, {
        ticketId: input.id,
        author: { id: ctx.user.id, name: ctx.user.name, role: ctx.user.role },
        content: input.content,
        internal: input.internal,
        attachments: uploadClaim(input.attachments, ctx.user.id),
      });
      return toStaffComment(comment);
    }),

  history: staffProcedure
    .meta(rest("GET", "/tickets/{id}/history", tags, "A ticket's audit log, oldest first"))
    .input(idInput)
    .output(z.object({ history: z.array(historyEntrySchema) }))
    .query(async ({ ctx, input }) => ({
      history: (await ticketRecords(ctx.db, auditLogs, input.id, "oldest first")).map(toHistoryEntry),
    })),
} satisfies TRPCRouterRecord;
