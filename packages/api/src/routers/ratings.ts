// Satisfaction ratings (docs/architecture.md §18). The rating link's page is public: the link's
// token is the permission, not a session. A client rates its own company's tickets (the company is in
// the query); staff read a ticket's rating; nobody else writes one.
import type { TRPCRouterRecord } from "@trpc/server";
import { ratingFieldsSchema, ratingPageSchema, ratingStateSchema, ratingTokenInputSchema } from "@repo/validators";
import { rateAsClient, rateByToken, ratingByToken, ticketRating } from "../satisfaction/ratings.js";
import { clientProcedure, companyQuery, publicProcedure, rest, staffQuery, byId } from "../trpc.js";
import { idInput } from "./inputs.js";

const tags = ["ratings"];

export const ratingsRouter = {
  link: publicProcedure
    .meta(rest("POST", "/ratings/link", tags, "What a rating link rates, and its rating so far", { protect: false }))
    .input(ratingTokenInputSchema)
    .output(ratingPageSchema)
    .mutation(({ ctx, input }) => ratingByToken(ctx.db, input.token)),

  rateByLink: publicProcedure
    .meta(rest("POST", "/ratings", tags, "Rate a resolved ticket from its mail's link", { protect: false }))
    .input(ratingTokenInputSchema.extend(ratingFieldsSchema.shape))
    .output(ratingPageSchema)
    .mutation(({ ctx, input }) => rateByToken(ctx, input)),

  forClient: companyQuery(
    rest("GET", "/client/tickets/{id}/rating", tags, "Your company's rating of a ticket"),
    idInput,
    ratingStateSchema,
    byId(ticketRating),
  ),

  rateAsClient: clientProcedure
    .meta(rest("PUT", "/client/tickets/{id}/rating", tags, "Rate a resolved ticket of your company"))
    .input(idInput.extend(ratingFieldsSchema.shape))
    .output(ratingStateSchema)
    .mutation(({ ctx, input }) => rateAsClient(ctx, ctx.scope, { ...input, ticketId: input.id })),

  forTicket: staffQuery(
    rest("GET", "/tickets/{id}/rating", tags, "A ticket's satisfaction rating"),
    idInput,
    ratingStateSchema,
    byId(ticketRating),
  ),
} satisfies TRPCRouterRecord;
