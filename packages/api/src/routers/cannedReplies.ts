// Canned replies (docs/features.md §8): every staff role reads (a VIEWER sees the shared ones, having none of its
// own); ADMIN and AGENT write (staffProcedure); a client never reaches them. The rules of who sees and
// who changes which reply live in canned-replies/replies.ts.
import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import {
  cannedReplyFieldsSchema,
  cannedReplySchema,
  cannedReplyUpdateInputSchema,
  successSchema,
} from "@repo/validators";
import {
  createCannedReply,
  deleteCannedReply,
  fillCannedReply,
  getCannedReply,
  listCannedReplies,
  updateCannedReply,
} from "../canned-replies/replies.js";
import { rest, staffProcedure } from "../trpc.js";
import { idInput } from "./inputs.js";
import { expectedVersion, versionedWrite } from "./versions.js";

const tags = ["canned replies"];

/** The calls that answer one reply as the caller may now see it. */
const cannedReplyCall = staffProcedure.output(cannedReplySchema);

export const cannedRepliesRouter = {
  list: staffProcedure
    .meta(rest("GET", "/canned-replies", tags, "Your canned replies and the shared ones, by title"))
    .output(z.array(cannedReplySchema))
    .query(({ ctx }) => listCannedReplies(ctx.db, ctx.user)),

  get: cannedReplyCall
    .meta(rest("GET", "/canned-replies/{id}", tags, "A canned reply"))
    .input(idInput)
    .query(({ ctx, input }) => getCannedReply(ctx.db, ctx.user, input.id)),

  create: cannedReplyCall
    .meta(rest("POST", "/canned-replies", tags, "Save a canned reply, private or shared"))
    .input(cannedReplyFieldsSchema)
    .mutation(({ ctx, input }) => createCannedReply(ctx.db, ctx.user, input)),

  update: cannedReplyCall
    .meta(rest("PATCH", "/canned-replies/{id}", tags, "Change a canned reply (its author; an admin for a shared one)"))
    .input(cannedReplyUpdateInputSchema)
    .mutation(({ ctx, input }) =>
      versionedWrite(
        () => updateCannedReply(ctx.db, ctx.user, input.id, input, expectedVersion(ctx.headers, input.version)),
        () => getCannedReply(ctx.db, ctx.user, input.id),
      ),
    ),

  delete: staffProcedure
    .meta(rest("DELETE", "/canned-replies/{id}", tags, "Delete a canned reply (its author; an admin for a shared one)"))
    .input(idInput)
    .output(successSchema)
    .mutation(async ({ ctx, input }) => {
      await deleteCannedReply(ctx.db, ctx.user, input.id);
      return { success: true as const };
    }),

  fill: staffProcedure
    .meta(
      rest(
        "GET",
        "/canned-replies/{id}/filled",
        tags,
        "A canned reply's text with its placeholders filled in for a ticket",
      ),
    )
    .input(z.object({ id: z.string(), ticketId: z.string() }))
    .output(z.object({ body: z.string() }))
    .query(({ ctx, input }) => fillCannedReply(ctx.db, ctx.user, input)),
} satisfies TRPCRouterRecord;
