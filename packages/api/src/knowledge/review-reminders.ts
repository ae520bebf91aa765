// The review reminder (docs/features.md §17): a published article not reviewed for the settings' months
// gets one mail to its author (an active ADMIN or AGENT), or else to every active admin, per review
// period. The claim is one conditional UPDATE of the article (reminded after its last review), with the
// mail written in the same transaction only when the row came back: two instances, or two runs, send one.
import { and, articles, eq, inArray, isNull, lt, or, sql, users, type Database } from "@repo/db";
import { runPeriodically } from "../lib/periodic.js";
import { enqueueMail } from "../mail/outbox.js";
import { articleReviewMail } from "../mail/templates.js";
import { readIdentity } from "../site-content/published.js";
import { readKnowledgeSettings } from "../settings/knowledge.js";

export const REVIEW_REMINDER_INTERVAL_MS = 60 * 60_000;

export interface SentReview {
  articleId: string;
  to: string[];
}

/** Sends the review reminders due at `now`; answers the ones this call sent. */
export async function sendReviewReminders(db: Database, now = new Date()): Promise<SentReview[]> {
  const { reviewMonths } = await readKnowledgeSettings(db);
  if (reviewMonths === 0) return [];
  const dueBefore = sql`${now.toISOString()}::timestamptz - make_interval(months => ${reviewMonths})`;
  const due = and(
    eq(articles.status, "published"),
    lt(articles.lastReviewedAt, dueBefore),
    or(isNull(articles.reviewRemindedAt), lt(articles.reviewRemindedAt, articles.lastReviewedAt)),
  );
  const candidates = await db.select({ id: articles.id }).from(articles).where(due);
  const sent: SentReview[] = [];
  for (const { id } of candidates) {
    const to = await db.transaction(async (tx) => {
      // A side mark, not an edit: the version and updatedAt stay as the last edit left them.
      const [claimed] = await tx
        .update(articles)
        .set({ reviewRemindedAt: now, version: sql`${articles.version}`, updatedAt: sql`${articles.updatedAt}` })
        .where(and(eq(articles.id, id), due))
        .returning({ title: articles.title, authorId: articles.authorId, lastReviewedAt: articles.lastReviewedAt });
      if (!claimed) return [];
      const staff = and(eq(users.active, true), inArray(users.role, ["ADMIN", "AGENT"]));
      const author = claimed.authorId
        ? await tx
            .select({ name: users.name, email: users.email })
            .from(users)
            .where(and(eq(users.id, claimed.authorId), staff))
        : [];
      const people = author.length
        ? author
        : await tx
            .select({ name: users.name, email: users.email })
            .from(users)
            .where(and(eq(users.active, true), eq(users.role, "ADMIN")));
      const article = { id, title: claimed.title, lastReviewedAt: claimed.lastReviewedAt, months: reviewMonths };
      const provider = await readIdentity(tx);
      for (const person of people) await enqueueMail(tx, articleReviewMail(provider, person, article));
      return people.map((p) => p.email);
    });
    if (to.length) sent.push({ articleId: id, to });
  }
  return sent;
}

/** Sends the reminders now and every hour; the returned function stops it (see lib/periodic.ts). */
export function startReviewReminders(db: Database, intervalMs = REVIEW_REMINDER_INTERVAL_MS): () => Promise<void> {
  return runPeriodically("article review reminders", intervalMs, () => sendReviewReminders(db));
}
