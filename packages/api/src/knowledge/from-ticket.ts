// A resolved ticket's answer turned into a draft article in one action (docs/features.md §17): the
// ticket's title, its description as the problem and the last public reply by staff as the answer. The
// draft is internal until someone chooses who may read it: a ticket holds one company's details.
import {
  and,
  articles,
  desc,
  eq,
  inArray,
  isUuid,
  like,
  ticketComments,
  tickets,
  users,
  type DbExecutor,
} from "@repo/db";
import { FINISHED_STATUSES, slugFrom, TICKET_TYPE_LABELS, type StaffArticle } from "@repo/validators";
import type { StaffScope } from "../auth/scope.js";
import { InvalidError, NotFoundError } from "../errors.js";
import { createArticle } from "./editing.js";

/** `base`, or `base-2`, `base-3`... : the first no article has yet. */
async function freeSlug(db: DbExecutor, base: string): Promise<string> {
  const taken = new Set(
    (
      await db
        .select({ slug: articles.slug })
        .from(articles)
        .where(like(articles.slug, `${base}%`))
    ).map((r) => r.slug),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

export async function draftFromTicket(db: DbExecutor, author: StaffScope, ticketId: string): Promise<StaffArticle> {
  const [ticket] = isUuid(ticketId)
    ? await db
        .select({ title: tickets.title, description: tickets.description, type: tickets.type, status: tickets.status })
        .from(tickets)
        .where(eq(tickets.id, ticketId))
    : [];
  if (!ticket) throw NotFoundError.of("Ticket");
  if (!FINISHED_STATUSES.includes(ticket.status))
    throw new InvalidError("Only a resolved or closed ticket's answer can become an article");
  const [answer] = await db
    .select({ content: ticketComments.content })
    .from(ticketComments)
    .innerJoin(users, eq(users.id, ticketComments.authorId))
    .where(
      and(
        eq(ticketComments.ticketId, ticketId),
        eq(ticketComments.internal, false),
        inArray(users.role, ["ADMIN", "AGENT"]),
      ),
    )
    .orderBy(desc(ticketComments.createdAt), desc(ticketComments.id))
    .limit(1);
  if (!answer) throw new InvalidError("This ticket has no public reply from staff to turn into an article");
  return createArticle(db, author, {
    title: ticket.title,
    slug: await freeSlug(db, slugFrom(ticket.title)),
    category: TICKET_TYPE_LABELS[ticket.type],
    tags: [],
    body: `## Problem\n\n${ticket.description}\n\n## Answer\n\n${answer.content}`,
    visibility: "internal",
    companyIds: [],
  });
}
