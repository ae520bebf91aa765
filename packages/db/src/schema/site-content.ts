// What the provider edits about its website (docs/features.md §20): every saved state of the site's
// content document (identity, packages, service pages, /pricing). At most one draft, the working copy
// staff edit; at most one published, the one the site shows; the earlier published ones are the history
// a revision is restored from.
import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, id, refersTo, requiredText, timestamps, timestamptz, version } from "./_columns.js";
import { users } from "./users.js";

export const SITE_CONTENT_STATES = ["draft", "published", "earlier"] as const;

export const siteContentRevisions = pgTable(
  "site_content_revisions",
  {
    id: id(),
    state: text({ enum: SITE_CONTENT_STATES }).notNull(),
    /** The whole document, as @repo/validators' siteContentSchemaFor checked it. */
    content: jsonb().notNull(),
    /** Who last saved it. */
    authorId: refersTo(users.id),
    publishedAt: timestamptz(),
    publishedBy: refersTo(users.id),
    ...timestamps(),
    version: version("site_content_revisions"),
  },
  (t) => [
    // One draft and one published row, so two editors or two publishes cannot make a second.
    uniqueIndex("site_content_revisions_one_current").on(t.state).where(sql`${t.state} in ('draft', 'published')`),
    index().on(t.publishedAt),
  ],
);

/**
 * The site's images (the logos), public to anyone once uploaded: a document names them by address
 * (/api/site/images/<id>), and an upload never replaces one, so a revision restored still shows its own.
 */
export const siteImages = pgTable("site_images", {
  id: id(),
  fileKey: requiredText(),
  filename: requiredText(),
  /** The type found in the content (png, jpeg or webp), served as Content-Type. */
  contentType: requiredText(),
  size: integer().notNull(),
  uploadedBy: refersTo(users.id),
  createdAt: createdAt(),
});
