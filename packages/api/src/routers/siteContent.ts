// The website's content (docs/features.md §20): the published document for anyone (the SPA's portals read
// the provider's name and logo from it), and the editor's draft, publishing and revisions for staff
// (ADMIN and AGENT save drafts, only an ADMIN publishes, a VIEWER reads).
import type { TRPCRouterRecord } from "@trpc/server";
import { publishSiteDraftSchema, successSchema } from "@repo/validators";
import { z } from "zod";
import { ForbiddenError } from "../errors.js";
import { saveSiteDraftSchema, siteContentSchema } from "../site-content/document.js";
import { readSiteContent } from "../site-content/published.js";
import {
  discardDraft,
  listRevisions,
  publishDraft,
  readRevision,
  restoreRevision,
  saveDraft,
  siteContentState,
} from "../site-content/revisions.js";
import { adminProcedure, publicProcedure, rest, staffProcedure } from "../trpc.js";
import { idInput, noInput } from "./inputs.js";

const tags = ["website content"];
const read = { keyScope: "site:read" } as const;
const write = { keyScope: "site:write" } as const;

const draftSchema = z.object({
  content: siteContentSchema,
  version: z.number().int(),
  updatedAt: z.string(),
  authorName: z.string().nullable(),
});

/** The editor's calls: staff's, never a key bound to one company (the site is every company's). */
const editorProcedure = staffProcedure.use(({ ctx, next }) => {
  if (ctx.scope.kind !== "staff") throw new ForbiddenError("An API key bound to one company cannot edit the website");
  return next();
});

export const siteContentRouter = {
  published: publicProcedure
    .meta(rest("GET", "/site-content/published", tags, "The website's published content", { protect: false }))
    // An (empty) input gives the operation its 400, which the document's lint asks of every operation.
    .input(noInput)
    .output(siteContentSchema)
    .query(({ ctx }) => readSiteContent(ctx.db)),

  state: editorProcedure
    .meta(rest("GET", "/site-content", tags, "The published content and the draft, if any", read))
    .input(z.void())
    .output(
      z.object({ published: siteContentSchema, publishedAt: z.string().nullable(), draft: draftSchema.nullable() }),
    )
    .query(({ ctx }) => siteContentState(ctx.db)),

  saveDraft: editorProcedure
    .meta(rest("PUT", "/site-content/draft", tags, "Save the draft", write))
    .input(saveSiteDraftSchema)
    .output(draftSchema)
    .mutation(({ ctx, input }) => saveDraft(ctx.db, ctx.scope, input.content, input.baseVersion)),

  discardDraft: editorProcedure
    .meta(rest("DELETE", "/site-content/draft", tags, "Discard the draft", write))
    .input(z.void())
    .output(successSchema)
    .mutation(async ({ ctx }) => {
      await discardDraft(ctx.db);
      return { success: true as const };
    }),

  publish: adminProcedure
    .meta(rest("POST", "/site-content/publish", tags, "Publish the draft the admin previewed", write))
    .input(publishSiteDraftSchema)
    .output(successSchema)
    .mutation(async ({ ctx, input }) => {
      await publishDraft(ctx.db, ctx.scope, input.version);
      return { success: true as const };
    }),

  revisions: editorProcedure
    .meta(rest("GET", "/site-content/revisions", tags, "The published revisions, newest first", read))
    .input(z.void())
    .output(
      z.array(
        z.object({
          id: z.string(),
          publishedAt: z.string(),
          publishedByName: z.string().nullable(),
          current: z.boolean(),
        }),
      ),
    )
    .query(({ ctx }) => listRevisions(ctx.db)),

  revision: editorProcedure
    .meta(rest("GET", "/site-content/revisions/{id}", tags, "One published revision's content", read))
    .input(idInput)
    .output(siteContentSchema)
    .query(({ ctx, input }) => readRevision(ctx.db, input.id)),

  restore: editorProcedure
    .meta(rest("POST", "/site-content/revisions/{id}/restore", tags, "Put a revision into the draft", write))
    .input(idInput)
    .output(draftSchema)
    .mutation(({ ctx, input }) => restoreRevision(ctx.db, ctx.scope, input.id)),
} satisfies TRPCRouterRecord;
