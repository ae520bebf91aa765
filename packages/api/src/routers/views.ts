// The agent desk's views of the staff ticket list (docs/architecture.md §18): the built-in queues' counts
// and the saved views. Every staff role reads them, a VIEWER included; ADMIN and AGENT save views; a
// CLIENT gets none of it.
import type { TRPCRouterRecord } from "@trpc/server";
import {
  savedViewCreateInputSchema,
  savedViewListSchema,
  savedViewSchema,
  savedViewUpdateInputSchema,
  deletedSchema,
} from "@repo/validators";
import { rest, staffProcedure } from "../trpc.js";
import { idInput } from "./inputs.js";
import { countViews, viewCountsSchema } from "../views/queues.js";
import {
  createSavedView,
  deleteSavedView,
  getSavedView,
  listSavedViews,
  updateSavedView,
} from "../views/saved-views.js";
import { expectedVersion, versionedWrite } from "./versions.js";

const tags = ["views"];

export const viewsRouter = {
  /** How many tickets each built-in view holds, in one statement. */
  counts: staffProcedure
    .meta(rest("GET", "/views/counts", tags, "Ticket counts of the built-in views"))
    .output(viewCountsSchema)
    .query(({ ctx }) => countViews(ctx.db, { userId: ctx.user.id, now: new Date() })),

  list: staffProcedure
    .meta(rest("GET", "/views", tags, "Your saved views and those shared with the staff"))
    .output(savedViewListSchema)
    .query(async ({ ctx }) => ({ views: await listSavedViews(ctx.db, ctx.user) })),

  create: staffProcedure
    .meta(rest("POST", "/views", tags, "Save the list's filters and sort as a view"))
    .input(savedViewCreateInputSchema)
    .output(savedViewSchema)
    .mutation(({ ctx, input }) => createSavedView(ctx.db, ctx.user, input)),

  update: staffProcedure
    .meta(rest("PATCH", "/views/{id}", tags, "Rename, share or unshare your saved view"))
    .input(savedViewUpdateInputSchema)
    .output(savedViewSchema)
    .mutation(({ ctx, input }) =>
      versionedWrite(
        () =>
          updateSavedView(ctx.db, ctx.user, input.id, {
            ...input,
            version: expectedVersion(ctx.headers, input.version),
          }),
        () => getSavedView(ctx.db, ctx.user, input.id),
      ),
    ),

  delete: staffProcedure
    .meta(rest("DELETE", "/views/{id}", tags, "Delete a saved view (its owner; an admin for a shared one)"))
    .input(idInput)
    .output(deletedSchema)
    .mutation(async ({ ctx, input }) => {
      await deleteSavedView(ctx.db, ctx.user, input.id);
      return { success: true as const, id: input.id };
    }),
} satisfies TRPCRouterRecord;
