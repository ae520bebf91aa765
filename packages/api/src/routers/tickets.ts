// Staff ticket management (docs/product-spec.md §7: /api/tickets...) and the public ticket form, which shares
// POST /api/tickets with the staff form: the caller's session decides which payload it is.
import { randomUUID } from "node:crypto";
import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import {
  ticketHistoryEntrySchema,
  ticketLinksSchema,
  ticketCcAddInputSchema,
  ticketCcListSchema,
  ticketCcRemoveInputSchema,
  ticketCcSettingsInputSchema,
  commentCreateInputSchema,
  timeSpentInputSchema,
  commentListQuerySchema,
  commentPageQuerySchema,
  staffCommentPageSchema,
  staffCommentSchema,
  staffTicketSchema,
  publicTicketCreateInputSchema,
  staffTicketUpdateInputSchema,
  bulkTicketIdsSchema,
  staffTicketCreateInputSchema,
  ticketBulkUpdateInputSchema,
  ticketCreateEnvelopeInputSchema,
  ticketDeviceUpdateInputSchema,
  ticketLinkCreateInputSchema,
  ticketMergeInputSchema,
  ticketListQuerySchema,
  ticketReference,
  TICKET_TAG_LIMITS,
  type TicketType,
  listSchema,
  quantity,
  deletedSchema,
} from "@repo/validators";
import { publicProcedure, protectedProcedure, staffProcedure, staffQuery, staffRead, rest, byId } from "../trpc.js";
import type { Context, ProtectedContext } from "../context.js";
import { idInput } from "./inputs.js";
import { getStaffTicket, listStaffTickets } from "../tickets/queries.js";
import { expectedVersion, versionedWrite } from "./versions.js";
import { ticketHistory } from "../tickets/history.js";
import { isBot, limitPublicForm, parseWith } from "../tickets/public-form.js";
import { toStaffComment, toStaffTicket } from "../tickets/serialize.js";
import { staffCommentPage } from "../tickets/comment-pages.js";
import {
  addComment,
  createTicket,
  deleteTicket,
  deleteTickets,
  openedStaffTicket,
  openTicket,
  setTicketDevice,
  updateTicket,
  updateTickets,
} from "../tickets/service.js";
import { mergeTickets } from "../tickets/merge.js";
import { acceptHeldTicket, listHeldTickets, publicFormHold, rejectHeldTicket } from "../tickets/held.js";
import { linkTickets, ticketLinksOf, unlinkTickets } from "../tickets/links.js";
import { addTicketCc, removeTicketCc, setTicketCcCopy, ticketCcOf } from "../tickets/cc.js";
import { InvalidError } from "../errors.js";
import type { TicketRow } from "../tickets/serialize.js";
import { uploadClaim } from "../files/uploads.js";
import { callerComment } from "./caller-comment.js";
import { requireAdmin, requireStaff, requireWriter } from "../auth/access.js";
import { systemScope, type StaffScope } from "../auth/scope.js";

const tags = ["tickets"];

/** The bulk change's patch for one ticket: adding a tag keeps its tags, and refuses a 21st. */
function bulkPatch(change: Omit<z.infer<typeof ticketBulkUpdateInputSchema>, "ids">) {
  const { addTag, ...fields } = change;
  return (before: TicketRow) => {
    if (!addTag || before.tags.includes(addTag)) return fields;
    if (before.tags.length >= TICKET_TAG_LIMITS.maxTags) {
      throw new InvalidError(`Ticket #${ticketReference(before.id)} already has ${TICKET_TAG_LIMITS.maxTags} tags`);
    }
    return { ...fields, tags: [...before.tags, addTag] };
  };
}

const actorOf = (ctx: Pick<Context, "user">) => ({ id: ctx.user!.id, name: ctx.user!.name, role: ctx.user!.role });

/** The caller as a ticket deletion records them: an ADMIN only, refused with the spec's exact words. */
function ticketDeleter(ctx: ProtectedContext) {
  requireAdmin(ctx.user, "Only administrators can delete tickets");
  // The context built the staff scope of this ADMIN already; requireAdmin is what proves it staff.
  return { actor: { id: ctx.user.id, name: ctx.user.name }, scope: ctx.scope as StaffScope };
}

/** A staff caller's edit of one ticket, answered with the ticket as staff see it after the edit. */
async function editTicket(
  ctx: Context & { scope: StaffScope },
  id: string,
  patch: Parameters<typeof updateTicket>[1]["patch"],
  version?: number,
) {
  const { ticket } = await versionedWrite(
    () => updateTicket(ctx, { id, patch, actor: actorOf(ctx), scope: ctx.scope, version }),
    () => getStaffTicket(ctx.db, ctx.scope, id),
  );
  return getStaffTicket(ctx.db, ctx.scope, ticket.id);
}

const PUBLIC_TYPES: Record<string, TicketType> = { Incident: "INCIDENT", Request: "REQUEST", Task: "TASK" };

/** The public form: no session. Honeypot, per-IP limit, status NEW, nothing assigned or tagged. */
async function createFromPublicForm(ctx: Context, body: unknown) {
  const input = parseWith(publicTicketCreateInputSchema, body);
  await limitPublicForm(ctx, "ticket");
  if (isBot(input)) return { id: randomUUID() };
  const ticket = await createTicket(ctx, {
    input: { ...input, type: PUBLIC_TYPES[input.type]! },
    source: "public",
    actor: { name: input.requesterName },
    scope: systemScope("public-form"),
    attachments: uploadClaim(input.attachments, null),
    hold: await publicFormHold(ctx.db, input.clientId, input.requesterEmail),
  });
  return { id: ticket.id };
}

export const ticketsRouter = {
  list: staffProcedure
    .meta(rest("GET", "/tickets", tags, "Search and filter tickets, newest first", { keyScope: "tickets:read" }))
    .input(ticketListQuerySchema)
    .output(
      z.object({
        tickets: z.array(staffTicketSchema),
        total: quantity(),
        totalCapped: z.boolean(),
        page: z.number(),
        pageSize: z.number(),
      }),
    )
    .query(({ ctx, input }) => listStaffTickets(ctx.db, ctx.scope, input, { userId: ctx.user.id, now: new Date() })),

  /**
   * One procedure for both callers of POST /api/tickets. With a staff session: the staff form, returning
   * the created ticket. Without a session: the public form, returning `{ id }`. A client session is
   * refused (clients use POST /api/client/tickets); a viewer never writes.
   */
  create: publicProcedure
    .meta(
      rest("POST", "/tickets", tags, "Create a ticket (staff form with a session; public form without)", {
        protect: false,
        keyScope: "tickets:write",
      }),
    )
    .input(ticketCreateEnvelopeInputSchema)
    .output(z.union([staffTicketSchema, z.object({ id: z.string() })]))
    .mutation(async ({ ctx, input }) => {
      const user = ctx.user;
      if (!user) return createFromPublicForm(ctx, input);
      requireStaff(user, "Client accounts create tickets in the client portal");
      requireWriter(user);
      const { website: _honeypot, ...fields } = input;
      // A signed-in agent who fills in the public form sends its title-case type: accept it as such.
      const type = fields.type && Object.hasOwn(PUBLIC_TYPES, fields.type) ? PUBLIC_TYPES[fields.type] : fields.type;
      const data = parseWith(staffTicketCreateInputSchema, { ...fields, type });
      const scope = ctx.scope as StaffScope; // requireStaff above proved it
      const opened = await openTicket(ctx, {
        input: data,
        source: "staff",
        actor: { id: user.id, name: user.name, role: user.role },
        scope,
        attachments: uploadClaim(data.attachments, user.id),
      });
      return openedStaffTicket(ctx.db, scope, opened);
    }),

  get: staffQuery(
    rest("GET", "/tickets/{id}", tags, "A ticket with its comments", { keyScope: "tickets:read" }),
    idInput,
    staffTicketSchema,
    byId(getStaffTicket),
  ),

  update: staffProcedure
    .meta(rest("PATCH", "/tickets/{id}", tags, "Edit a ticket", { keyScope: "tickets:write" }))
    .input(staffTicketUpdateInputSchema.extend({ id: z.string() }))
    .output(staffTicketSchema)
    .mutation(({ ctx, input: { id, version, ...patch } }) =>
      editTicket(ctx, id, patch, expectedVersion(ctx.headers, version)),
    ),

  /** ADMIN only, with the spec's exact refusal; comments and audit logs go with the ticket. */
  delete: protectedProcedure
    .meta(rest("DELETE", "/tickets/{id}", tags, "Delete a ticket (admin)"))
    .input(idInput)
    .output(deletedSchema)
    .mutation(async ({ ctx, input }) => {
      const ticket = await deleteTicket(ctx, { id: input.id, ...ticketDeleter(ctx) });
      return { success: true as const, id: ticket.id };
    }),

  /** Held intake (docs/decisions/0027-held-intake.md): the tickets waiting for review, oldest first. */
  held: staffRead(
    rest("GET", "/held-tickets", tags, "Tickets held for review"),
    listSchema("tickets", staffTicketSchema),
    async (db, scope) => ({ tickets: (await listHeldTickets(db, scope)).map((t) => toStaffTicket(t)) }),
  ),

  /** Lets a held ticket in: its SLA clock starts, the portal shows it, its requester gets the receipt. */
  accept: staffProcedure
    .meta(rest("POST", "/tickets/{id}/accept", tags, "Accept a ticket held for review"))
    .input(idInput)
    .output(staffTicketSchema)
    .mutation(async ({ ctx, input }) => {
      const ticket = await acceptHeldTicket(ctx, { id: input.id, actor: actorOf(ctx), scope: ctx.scope });
      return getStaffTicket(ctx.db, ctx.scope, ticket.id);
    }),

  /** Deletes a held ticket, audited. */
  reject: staffProcedure
    .meta(rest("POST", "/tickets/{id}/reject", tags, "Reject a ticket held for review (deletes it)"))
    .input(idInput)
    .output(deletedSchema)
    .mutation(async ({ ctx, input }) => {
      const ticket = await rejectHeldTicket(ctx, { id: input.id, actor: actorOf(ctx), scope: ctx.scope });
      return { success: true as const, id: ticket.id };
    }),

  /** The list's and the ticket's "Assign to me": the caller takes the ticket. */
  assignToMe: staffProcedure
    .meta(rest("POST", "/tickets/{id}/assign-to-me", tags, "Assign a ticket to yourself"))
    .input(idInput)
    .output(staffTicketSchema)
    .mutation(({ ctx, input }) => editTicket(ctx, input.id, { assigneeId: ctx.user.id })),

  /** One change to many tickets, of any companies: all or none, audited per ticket, one event each. */
  bulkUpdate: staffProcedure
    .meta(rest("POST", "/tickets/bulk-update", tags, "Change the status, priority, assignee or tags of tickets"))
    .input(ticketBulkUpdateInputSchema)
    .output(z.object({ ids: z.array(z.string()), changed: quantity() }))
    .mutation(async ({ ctx, input }) => {
      const { ids, ...change } = input;
      const results = await updateTickets(ctx, {
        ids,
        patch: bulkPatch(change),
        actor: actorOf(ctx),
        scope: ctx.scope,
      });
      return {
        ids: results.map((r) => r.ticket.id),
        changed: results.filter((r) => Object.keys(r.changes).length > 0).length,
      };
    }),

  /** ADMIN only, as the single delete: all of the tickets or none. */
  bulkDelete: protectedProcedure
    .meta(rest("POST", "/tickets/bulk-delete", tags, "Delete tickets (admin)"))
    .input(z.object({ ids: bulkTicketIdsSchema }))
    .output(z.object({ success: z.literal(true), ids: z.array(z.string()) }))
    .mutation(async ({ ctx, input }) => {
      const deleted = await deleteTickets(ctx, { ids: input.ids, ...ticketDeleter(ctx) });
      return { success: true as const, ids: deleted.map((t) => t.id) };
    }),

  /** Every comment, or with `cursor` and `limit` the comments after the cursor, oldest first. */
  comments: staffQuery(
    rest("GET", "/tickets/{id}/comments", tags, "A ticket's comments, internal notes included", {
      keyScope: "tickets:read",
    }),
    commentListQuerySchema,
    listSchema("comments", staffCommentSchema),
    async (db, scope, input) => ({ comments: (await staffCommentPage(db, scope, input)).comments }),
  ),

  commentPage: staffQuery(
    rest("GET", "/tickets/{id}/comments/page", tags, "A page of a ticket's comments, internal notes included", {
      keyScope: "tickets:read",
    }),
    commentPageQuerySchema,
    staffCommentPageSchema,
    staffCommentPage,
  ),

  addComment: staffProcedure
    .meta(
      rest("POST", "/tickets/{id}/comments", tags, "Comment, or add an internal note", { keyScope: "tickets:write" }),
    )
    .input(commentCreateInputSchema.extend({ id: z.string(), timeSpent: timeSpentInputSchema.optional() }))
    .output(staffCommentSchema)
    .mutation(async ({ ctx, input }) => {
      const { comment } = await addComment(ctx, {
        ...callerComment(actorOf(ctx), input),
        internal: input.internal,
        timeSpent: input.timeSpent,
        scope: ctx.scope,
      });
      return toStaffComment(comment);
    }),

  /**
   * Merges this ticket (a duplicate) into `targetId`, which stays: comments, files and history move there,
   * this one is closed with a pointer to it (docs/architecture.md §18). Same company only.
   */
  merge: staffProcedure
    .meta(rest("POST", "/tickets/{id}/merge", tags, "Merge a duplicate ticket into another ticket"))
    .input(ticketMergeInputSchema.extend({ id: z.string() }))
    .output(z.object({ source: staffTicketSchema, target: staffTicketSchema }))
    .mutation(async ({ ctx, input }) => {
      const { source, target } = await mergeTickets(ctx, {
        sourceId: input.id,
        targetId: input.targetId,
        actor: actorOf(ctx),
        scope: ctx.scope,
      });
      return {
        source: await getStaffTicket(ctx.db, ctx.scope, source.id),
        target: await getStaffTicket(ctx.db, ctx.scope, target.id),
      };
    }),

  links: staffQuery(
    rest("GET", "/tickets/{id}/links", tags, "The tickets linked to a ticket"),
    idInput,
    ticketLinksSchema,
    async (db, scope, { id }) => ({ links: await ticketLinksOf(db, scope, id) }),
  ),

  /** Links two tickets, of any companies (a problem behind several clients' tickets; decision 0018). */
  link: staffProcedure
    .meta(rest("POST", "/tickets/{id}/links", tags, "Link a ticket to another ticket"))
    .input(ticketLinkCreateInputSchema.extend({ id: z.string() }))
    .output(ticketLinksSchema)
    .mutation(async ({ ctx, input }) => ({
      links: await linkTickets(ctx, {
        ticketId: input.id,
        linkedTicketId: input.ticketId,
        kind: input.kind,
        actor: actorOf(ctx),
        scope: ctx.scope,
      }),
    })),

  unlink: staffProcedure
    .meta(rest("DELETE", "/tickets/{id}/links/{linkId}", tags, "Remove a link between two tickets"))
    .input(z.object({ id: z.string(), linkId: z.string() }))
    .output(ticketLinksSchema)
    .mutation(async ({ ctx, input }) => ({
      links: await unlinkTickets(ctx, {
        ticketId: input.id,
        linkId: input.linkId,
        actor: actorOf(ctx),
        scope: ctx.scope,
      }),
    })),

  /** The people copied on the ticket's mails, and whether public replies copy them (docs/features.md §5). */
  cc: staffQuery(
    rest("GET", "/tickets/{id}/cc", tags, "The addresses copied on a ticket's mails"),
    idInput,
    ticketCcListSchema,
    byId(ticketCcOf),
  ),

  addCc: staffProcedure
    .meta(rest("POST", "/tickets/{id}/cc", tags, "Copy an address on a ticket's replies"))
    .input(ticketCcAddInputSchema.extend({ id: z.string() }))
    .output(ticketCcListSchema)
    .mutation(({ ctx, input }) =>
      addTicketCc(ctx, { ticketId: input.id, email: input.email, actor: actorOf(ctx), scope: ctx.scope }),
    ),

  removeCc: staffProcedure
    .meta(rest("DELETE", "/tickets/{id}/cc/{ccId}", tags, "Stop copying an address on a ticket"))
    .input(ticketCcRemoveInputSchema)
    .output(ticketCcListSchema)
    .mutation(({ ctx, input }) =>
      removeTicketCc(ctx, { ticketId: input.id, ccId: input.ccId, actor: actorOf(ctx), scope: ctx.scope }),
    ),

  setCcCopy: staffProcedure
    .meta(rest("PUT", "/tickets/{id}/cc/settings", tags, "Whether public replies copy a ticket's CC list"))
    .input(ticketCcSettingsInputSchema.extend({ id: z.string() }))
    .output(ticketCcListSchema)
    .mutation(({ ctx, input }) =>
      setTicketCcCopy(ctx, {
        ticketId: input.id,
        copyOnReplies: input.copyOnReplies,
        actor: actorOf(ctx),
        scope: ctx.scope,
      }),
    ),

  /** Names the device of the ticket's company the ticket is about, or none (null). */
  setDevice: staffProcedure
    .meta(rest("PUT", "/tickets/{id}/device", tags, "Set the device a ticket is about"))
    .input(ticketDeviceUpdateInputSchema.extend({ id: z.string() }))
    .output(staffTicketSchema)
    .mutation(async ({ ctx, input }) => {
      const { ticket } = await setTicketDevice(ctx, {
        id: input.id,
        deviceId: input.deviceId,
        actor: actorOf(ctx),
        scope: ctx.scope,
      });
      return getStaffTicket(ctx.db, ctx.scope, ticket.id);
    }),

  history: staffQuery(
    rest("GET", "/tickets/{id}/history", tags, "A ticket's audit log, oldest first"),
    idInput,
    listSchema("history", ticketHistoryEntrySchema),
    byId(ticketHistory),
  ),
} satisfies TRPCRouterRecord;
