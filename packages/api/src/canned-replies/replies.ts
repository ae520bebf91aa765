// Canned replies (docs/architecture.md §18): a staff member's stock answers, private to them or
// shared with all staff. A private reply of someone else is "not found", as a row of another company is
// for a client, so its id reveals nothing. Its author changes a reply; an admin may also change a shared
// one (the team's wording is the team's), never someone's private one.
import { and, asc, cannedReplies, eq, isUuid, tickets, users, type DbExecutor } from "@repo/db";
import { fillPlaceholders, type CannedReply, type CannedReplyFields, type Role } from "@repo/validators";
import { ownOrShared } from "../auth/access.js";
import { ForbiddenError, NotFoundError, StaleVersionError } from "../errors.js";

/** The caller, as these rules need them. */
export interface CannedReplyReader {
  id: string;
  name: string;
  role: Role;
}

const notFound = () => NotFoundError.of("Canned reply");

/** The replies `reader` may see: their own and the shared ones. Inside every query, never a check after. */
const visibleTo = (reader: CannedReplyReader) =>
  ownOrShared({ shared: cannedReplies.shared, owner: cannedReplies.authorId }, reader.id);

const mayEdit = (reader: CannedReplyReader, row: { authorId: string; shared: boolean }) =>
  reader.role !== "VIEWER" && (row.authorId === reader.id || (row.shared && reader.role === "ADMIN"));

const columns = {
  id: cannedReplies.id,
  title: cannedReplies.title,
  body: cannedReplies.body,
  shared: cannedReplies.shared,
  authorId: cannedReplies.authorId,
  authorName: users.name,
  createdAt: cannedReplies.createdAt,
  updatedAt: cannedReplies.updatedAt,
  version: cannedReplies.version,
};

type Selected = { [K in keyof typeof columns]: (typeof columns)[K]["_"]["data"] };

const out = (reader: CannedReplyReader, r: Selected): CannedReply => ({
  ...r,
  canEdit: mayEdit(reader, r),
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/** The caller's replies and the shared ones, by title. */
export async function listCannedReplies(db: DbExecutor, reader: CannedReplyReader): Promise<CannedReply[]> {
  const rows = await db
    .select(columns)
    .from(cannedReplies)
    .innerJoin(users, eq(users.id, cannedReplies.authorId))
    .where(visibleTo(reader))
    .orderBy(asc(cannedReplies.title), asc(cannedReplies.id));
  return rows.map((r) => out(reader, r));
}

async function visibleReply(db: DbExecutor, reader: CannedReplyReader, id: string): Promise<CannedReply> {
  const [row] = isUuid(id)
    ? await db
        .select(columns)
        .from(cannedReplies)
        .innerJoin(users, eq(users.id, cannedReplies.authorId))
        .where(and(eq(cannedReplies.id, id), visibleTo(reader)))
    : [];
  if (!row) throw notFound();
  return out(reader, row);
}

export const getCannedReply = visibleReply;

export async function createCannedReply(
  db: DbExecutor,
  author: CannedReplyReader,
  fields: CannedReplyFields,
): Promise<CannedReply> {
  const [row] = await db
    .insert(cannedReplies)
    .values({ title: fields.title, body: fields.body, shared: fields.shared, authorId: author.id })
    .returning({ id: cannedReplies.id });
  return visibleReply(db, author, row!.id);
}

async function editable(db: DbExecutor, editor: CannedReplyReader, id: string): Promise<CannedReply> {
  const reply = await visibleReply(db, editor, id);
  if (!reply.canEdit) throw new ForbiddenError("Only its author or an admin can change a shared reply");
  return reply;
}

export async function updateCannedReply(
  db: DbExecutor,
  editor: CannedReplyReader,
  id: string,
  patch: Partial<CannedReplyFields>,
  /** The version the edit was based on (docs/architecture.md §8a); none: the last write wins. */
  version?: number,
): Promise<CannedReply> {
  const reply = await editable(db, editor, id);
  const written = await db
    .update(cannedReplies)
    .set({
      ...(patch.title !== undefined ? { title: patch.title } : {}),
      ...(patch.body !== undefined ? { body: patch.body } : {}),
      ...(patch.shared !== undefined ? { shared: patch.shared } : {}),
    })
    // The version is checked by the statement that writes: of two edits based on one, one wins.
    .where(and(eq(cannedReplies.id, reply.id), version === undefined ? undefined : eq(cannedReplies.version, version)))
    .returning({ id: cannedReplies.id });
  if (!written[0]) throw version === undefined ? notFound() : new StaleVersionError("canned reply");
  // Read back as its author sees it: an admin who makes someone's shared reply private no longer sees it.
  const [row] = await db
    .select(columns)
    .from(cannedReplies)
    .innerJoin(users, eq(users.id, cannedReplies.authorId))
    .where(eq(cannedReplies.id, reply.id));
  return out(editor, row!);
}

export async function deleteCannedReply(db: DbExecutor, editor: CannedReplyReader, id: string): Promise<void> {
  const reply = await editable(db, editor, id);
  await db.delete(cannedReplies).where(eq(cannedReplies.id, reply.id));
}

/** A reply's body filled in for a ticket, as the caller would insert it (any staff member sees every ticket). */
export async function fillCannedReply(
  db: DbExecutor,
  reader: CannedReplyReader,
  args: { id: string; ticketId: string },
): Promise<{ body: string }> {
  const reply = await visibleReply(db, reader, args.id);
  const [ticket] = isUuid(args.ticketId)
    ? await db
        .select({ id: tickets.id, requesterName: tickets.requesterName })
        .from(tickets)
        .where(eq(tickets.id, args.ticketId))
    : [];
  if (!ticket) throw NotFoundError.of("Ticket");
  return { body: fillPlaceholders(reply.body, { ticket, agent: { name: reader.name } }) };
}
