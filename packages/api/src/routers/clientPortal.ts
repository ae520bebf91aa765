// The client portal (docs/product-spec.md §7: /api/client/...). Every query carries ctx.scope, the caller's
// company: another company's ticket is not found, never forbidden, so ids reveal nothing. Clients never
// set a status and never see or write internal notes.
import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import {
  clientCommentPageSchema,
  clientCommentSchema,
  clientTicketCountsSchema,
  clientTicketCreateInputSchema,
  clientTicketPageQuerySchema,
  clientTicketPageSchema,
  clientTicketSchema,
  clientTicketUpdateInputSchema,
  commentCreateInputSchema,
  commentPageQuerySchema,
  FINISHED_STATUSES,
  ticketCcListSchema,
} from "@repo/validators";
import { clientProcedure, companyQuery, companyRead, rest, byId } from "../trpc.js";
import type { Context } from "../context.js";
import { idInput } from "./inputs.js";
import { clientTicketCounts, clientTicketPage } from "../tickets/client-list.js";
import { getClientTicket, listClientTickets } from "../tickets/queries.js";
import { clientCommentPage } from "../tickets/comment-pages.js";
import { ticketCcOf } from "../tickets/cc.js";
import { toClientComment } from "../tickets/serialize.js";
import { addComment, createTicket, updateTicket } from "../tickets/service.js";
import { expectedVersion, versionedWrite } from "./versions.js";
import { uploadClaim } from "../files/uploads.js";
import { callerComment } from "./caller-comment.js";
import type { Actor } from "../tickets/types.js";
import { companySchema, getOwnCompany } from "../clients/companies.js";
import { ConflictError } from "../errors.js";

const tags = ["client portal"];

const actorOf = (ctx: Pick<Context, "user">): Actor & { id: string; role: "CLIENT" } => ({
  id: ctx.user!.id,
  name: ctx.user!.name,
  role: "CLIENT",
});

export const clientPortalRouter = {
  profile: clientProcedure
    .meta(rest("GET", "/client/profile", tags, "The caller's company profile"))
    .output(companySchema)
    .query(({ ctx }) => getOwnCompany(ctx.db, ctx.scope)),

  tickets: companyRead(
    rest("GET", "/client/tickets", tags, "The company's tickets, newest first"),
    z.array(clientTicketSchema),
    listClientTickets,
  ),

  /** The paged list the dashboard reads (docs/performance.md §4); GET /client/tickets stays the spec's whole list. */
  ticketPage: companyQuery(
    rest("GET", "/client/tickets/page", tags, "A page of the company's tickets, searched and sorted"),
    clientTicketPageQuerySchema,
    clientTicketPageSchema,
    clientTicketPage,
  ),

  ticketCounts: companyRead(
    rest("GET", "/client/tickets/counts", tags, "The dashboard's counters: open, in progress, resolved, total"),
    clientTicketCountsSchema,
    clientTicketCounts,
  ),

  createTicket: clientProcedure
    .meta(rest("POST", "/client/tickets", tags, "Open a ticket"))
    .input(clientTicketCreateInputSchema)
    .output(clientTicketSchema)
    .mutation(async ({ ctx, input }) => {
      const { attachments, ...fields } = input;
      const ticket = await createTicket(ctx, {
        input: { ...fields, clientId: ctx.clientId },
        source: "client",
        actor: actorOf(ctx),
        scope: ctx.scope,
        attachments: uploadClaim(attachments, ctx.user.id),
      });
      return getClientTicket(ctx.db, ctx.scope, ticket.id);
    }),

  ticket: companyQuery(
    rest("GET", "/client/tickets/{id}", tags, "A ticket with its assignee and public comments"),
    idInput,
    clientTicketSchema,
    byId(getClientTicket),
  ),

  /** Who else its replies are copied to: the company's own ticket only. */
  ticketCc: companyQuery(
    rest("GET", "/client/tickets/{id}/cc", tags, "The addresses copied on a ticket's replies"),
    idInput,
    ticketCcListSchema,
    byId(ticketCcOf),
  ),

  /** Title, description and priority only, and only while the ticket is neither RESOLVED nor CLOSED. */
  updateTicket: clientProcedure
    .meta(rest("PATCH", "/client/tickets/{id}", tags, "Edit an open ticket"))
    .input(clientTicketUpdateInputSchema.extend({ id: z.string() }))
    .output(clientTicketSchema)
    .mutation(async ({ ctx, input }) => {
      const { id, title, description, priority } = input;
      const { ticket } = await versionedWrite(
        () =>
          updateTicket(ctx, {
            id,
            patch: { title, description, priority },
            actor: actorOf(ctx),
            scope: ctx.scope,
            version: expectedVersion(ctx.headers, input.version),
            guard: (before) => {
              if (FINISHED_STATUSES.includes(before.status)) {
                throw new ConflictError(`This ticket is ${before.status} and cannot be edited.`);
              }
            },
          }),
        () => getClientTicket(ctx.db, ctx.scope, id),
      );
      return getClientTicket(ctx.db, ctx.scope, ticket.id);
    }),

  commentPage: companyQuery(
    rest("GET", "/client/tickets/{id}/comments/page", tags, "A page of a ticket's comments, oldest first"),
    commentPageQuerySchema,
    clientCommentPageSchema,
    clientCommentPage,
  ),

  /** A comment on a RESOLVED ticket reopens it to TRIAGED. `internal` is not a client's to set. */
  addComment: clientProcedure
    .meta(rest("POST", "/client/tickets/{id}/comments", tags, "Comment on a ticket"))
    .input(commentCreateInputSchema.pick({ content: true, attachments: true }).extend({ id: z.string() }))
    .output(clientCommentSchema)
    .mutation(async ({ ctx, input }) => {
      const { comment } = await addComment(ctx, {
        ...callerComment(actorOf(ctx), input),
        internal: false,
        scope: ctx.scope,
      });
      return toClientComment(comment);
    }),
} satisfies TRPCRouterRecord;
