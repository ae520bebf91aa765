// The knowledge base (docs/decisions/0055-knowledge-base.md; docs/features.md "Knowledge base"). Readers'
// routes take any caller, a visitor included, and answer what readableBy (knowledge/readers.ts) lets that
// caller read; the editor's routes are staff's (staffProcedure: ADMIN and AGENT write, a VIEWER reads).
import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import {
  articleFeedbackInputSchema,
  articleFieldsSchema,
  articleHitSchema,
  articlePageSchema,
  articleRevisionSchema,
  articleSearchInputSchema,
  articleUpdateInputSchema,
  deflectionOpenInputSchema,
  deflectionSentInputSchema,
  staffArticleSchema,
  successSchema,
} from "@repo/validators";
import { countFeedback, readArticle, searchArticles, voterOf } from "../knowledge/articles.js";
import {
  createArticle,
  listRevisions,
  markReviewed,
  restoreRevision,
  setPublished,
  staffArticle,
  updateArticle,
} from "../knowledge/editing.js";
import { recordOpened, recordSent } from "../knowledge/deflections.js";
import { draftFromTicket } from "../knowledge/from-ticket.js";
import { visitor } from "../knowledge/readers.js";
import { publicProcedure, rest, staffProcedure } from "../trpc.js";
import { idInput } from "./inputs.js";
import { ForbiddenError } from "../errors.js";

const tags = ["knowledge base"];
const open = { protect: false, keyScope: "knowledge:read" } as const;
const write = { keyScope: "knowledge:write" } as const;

/**
 * The editor's calls: staff's, and an API key's with knowledge:write only when it is bound to no company.
 * The editor sees every article (internal ones, other companies' drafts), which a key confined to one
 * company must not; its knowledge:read reaches what that company's clients read.
 */
const editorProcedure = staffProcedure.use(({ ctx, next }) => {
  if (ctx.scope.kind !== "staff")
    throw new ForbiddenError("An API key bound to one company cannot use the article editor");
  return next();
});

/** The staff calls that answer one article as it now stands. */
const editorCall = editorProcedure.output(staffArticleSchema);

export const knowledgeRouter = {
  search: publicProcedure
    .meta(rest("GET", "/knowledge/articles", tags, "Search the articles you may read", open))
    .input(articleSearchInputSchema)
    .output(z.array(articleHitSchema))
    .query(({ ctx, input }) => {
      const { scope } = ctx;
      const reader =
        scope?.kind === "staff" && input.forCompany
          ? { kind: "company" as const, clientId: input.forCompany, userId: scope.userId }
          : (scope ?? visitor);
      return searchArticles(ctx.db, reader, input);
    }),

  read: publicProcedure
    .meta(rest("GET", "/knowledge/articles/{slug}", tags, "An article you may read, by its slug", open))
    .input(z.object({ slug: z.string() }))
    .output(articlePageSchema)
    .query(({ ctx, input }) => readArticle(ctx.db, ctx.scope ?? visitor, input.slug)),

  feedback: publicProcedure
    .meta(rest("POST", "/knowledge/articles/{slug}/feedback", tags, "Was this article helpful?", open))
    .input(articleFeedbackInputSchema)
    .output(successSchema)
    .mutation(async ({ ctx, input }) => {
      await countFeedback(ctx.db, ctx.scope ?? visitor, voterOf({ userId: ctx.user?.id, ip: ctx.ip }), input);
      return { success: true as const };
    }),

  deflectionOpened: publicProcedure
    .meta(
      rest("POST", "/knowledge/deflections", tags, "An article offered by a new ticket's form was opened", {
        protect: false,
      }),
    )
    .input(deflectionOpenInputSchema)
    .output(successSchema)
    .mutation(async ({ ctx, input }) => {
      await recordOpened(ctx.db, ctx.scope ?? visitor, ctx.ip, input);
      return { success: true as const };
    }),

  deflectionSent: publicProcedure
    .meta(
      rest("POST", "/knowledge/deflections/{formId}/sent", tags, "The form that offered articles sent its ticket", {
        protect: false,
      }),
    )
    .input(deflectionSentInputSchema)
    .output(successSchema)
    .mutation(async ({ ctx, input }) => {
      await recordSent(ctx.db, ctx.ip, input.formId);
      return { success: true as const };
    }),

  draftFromTicket: editorCall
    .meta(
      rest(
        "POST",
        "/knowledge/editor/from-ticket/{ticketId}",
        tags,
        "A draft article from a resolved ticket's last public reply",
        write,
      ),
    )
    .input(z.object({ ticketId: z.string() }))
    .mutation(({ ctx, input }) => draftFromTicket(ctx.db, ctx.scope, input.ticketId)),

  get: editorCall
    .meta(rest("GET", "/knowledge/editor/articles/{id}", tags, "An article in any state, with its companies", write))
    .input(idInput)
    .query(({ ctx, input }) => staffArticle(ctx.db, input.id)),

  create: editorCall
    .meta(rest("POST", "/knowledge/editor/articles", tags, "Write a new article, as a draft", write))
    .input(articleFieldsSchema)
    .mutation(({ ctx, input }) => createArticle(ctx.db, ctx.scope, input)),

  update: editorCall
    .meta(rest("PUT", "/knowledge/editor/articles/{id}", tags, "Save an article, recorded as a new revision", write))
    .input(articleUpdateInputSchema)
    .mutation(({ ctx, input: { id, ...fields } }) => updateArticle(ctx.db, ctx.scope, id, fields)),

  publish: editorCall
    .meta(rest("POST", "/knowledge/editor/articles/{id}/publish", tags, "Publish an article", write))
    .input(idInput)
    .mutation(({ ctx, input }) => setPublished(ctx.db, input.id, true)),

  unpublish: editorCall
    .meta(rest("POST", "/knowledge/editor/articles/{id}/unpublish", tags, "Take an article back to draft", write))
    .input(idInput)
    .mutation(({ ctx, input }) => setPublished(ctx.db, input.id, false)),

  markReviewed: editorCall
    .meta(rest("POST", "/knowledge/editor/articles/{id}/reviewed", tags, "Confirm an article still holds", write))
    .input(idInput)
    .mutation(({ ctx, input }) => markReviewed(ctx.db, input.id)),

  revisions: editorProcedure
    .meta(rest("GET", "/knowledge/editor/articles/{id}/revisions", tags, "An article's revisions, latest first", write))
    .input(idInput)
    .output(z.array(articleRevisionSchema))
    .query(({ ctx, input }) => listRevisions(ctx.db, input.id)),

  restore: editorCall
    .meta(
      rest(
        "POST",
        "/knowledge/editor/articles/{id}/revisions/{number}/restore",
        tags,
        "Put an earlier revision's title and text back, as a new revision",
        write,
      ),
    )
    .input(z.object({ id: z.string(), number: z.coerce.number().int().min(1, "Revision numbers start at 1") }))
    .mutation(({ ctx, input }) => restoreRevision(ctx.db, ctx.scope, input.id, input.number)),
} satisfies TRPCRouterRecord;
