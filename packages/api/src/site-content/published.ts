// The published site content as everything public reads it: the marketing pages the server renders, the
// mails, the invoices, the JSON-LD and the assistant (docs/features.md §20). Believed for a few seconds per
// process, so a publish shows on every instance within that time without a message between instances;
// a publish on this instance shows at once.
import type { SiteContent, SiteIdentity } from "@repo/content";
import { databaseOf, type DbExecutor, eq, preparedQuery, siteContentRevisions } from "@repo/db";
import { contentOf, DEFAULT_CONTENT } from "./document.js";

/** How long a read is believed (issue 42: "within seconds on every instance"). */
export const PUBLISHED_CACHE_MS = 2_000;

const publishedQuery = preparedQuery("site_content_published", (db) =>
  db
    .select({ id: siteContentRevisions.id, content: siteContentRevisions.content })
    .from(siteContentRevisions)
    .where(eq(siteContentRevisions.state, "published")),
);

export interface Published {
  /** The published revision's id; null: the defaults (nothing published yet). */
  revisionId: string | null;
  content: SiteContent;
}

const DEFAULTS: Published = { revisionId: null, content: DEFAULT_CONTENT };

// Per database (a process may hold several: tests), and the same inside its transactions: the mails of
// every ticket write read the identity in the write's transaction, and would otherwise query each time.
let cached = new WeakMap<object, { value: Published; until: number }>();

export async function readPublished(db: DbExecutor): Promise<Published> {
  const now = Date.now();
  const key = databaseOf(db);
  const hit = cached.get(key);
  if (hit && hit.until > now) {
    // Reused while the same revision is published: a re-parse would make a new object, and the pages'
    // cache keys on the revision.
    return hit.value;
  }
  const map = cached;
  const [row] = await publishedQuery(db, {});
  const value = !row
    ? DEFAULTS
    : hit?.value.revisionId === row.id
      ? hit.value
      : { revisionId: row.id, content: contentOf(row.content) };
  map.set(key, { value, until: now + PUBLISHED_CACHE_MS });
  return value;
}

export const readSiteContent = async (db: DbExecutor): Promise<SiteContent> => (await readPublished(db)).content;
export const readIdentity = async (db: DbExecutor): Promise<SiteIdentity> => (await readSiteContent(db)).identity;

/** After a publish here: the next read asks the database. */
export function forgetPublished() {
  cached = new WeakMap();
}
