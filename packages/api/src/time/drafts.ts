// Drafts of a person's time entries for one Toronto day (docs/features.md "Time: drafts"). A draft is
// computed whenever it is asked for, from what the server saw (time/draft-activity.ts); only a decision
// about it is stored. A draft is the person's own: never billable, approved or shown to a client, and no
// one else reads it, until they accept it as a time entry.
import { and, clients, eq, inArray, tickets, timeDraftDecisions, type Database, type DbExecutor } from "@repo/db";
import {
  DRAFT_GAP_MINUTES,
  type TimeDraft,
  type TimeDraftDay,
  type TimeDraftRef,
  type NoteVisibility,
  type TimeEntry,
  ticketReference,
} from "@repo/validators";
import type { SessionUser } from "../auth/session.js";
import { ConflictError, NotFoundError } from "../errors.js";
import { createEntry, readEntry } from "./entries.js";
import { localDate, localTime } from "../sla/calendar.js";
import { type ActivityBlock, activityBlocks } from "./activity-blocks.js";
import { dayActivity } from "./draft-activity.js";
import { readTimeSettings } from "./settings.js";

const DAY = 86_400_000;

/** The instants a Toronto calendar day starts and ends at (23 or 25 hours when the clocks change). */
export function torontoDayBounds(date: string): { dayStart: Date; dayEnd: Date } {
  const day = Date.parse(`${date}T00:00:00Z`) / DAY;
  return { dayStart: new Date(localTime(day, 0)), dayEnd: new Date(localTime(day + 1, 0)) };
}

export async function draftsForDay(
  db: DbExecutor,
  userId: string,
  date: string,
  now = new Date(),
): Promise<TimeDraftDay> {
  const { roundingMinutes } = await readTimeSettings(db);
  const blocks = await blocksForDay(db, userId, date, roundingMinutes);
  const named = await ticketNames(
    db,
    blocks.map((b) => b.ticketId),
  );
  const drafts: TimeDraft[] = blocks.flatMap((block) => {
    const ticket = named.get(block.ticketId);
    if (!ticket) return []; // deleted meanwhile
    return [
      {
        ticketId: block.ticketId,
        ticketReference: ticketReference(block.ticketId),
        ticketTitle: ticket.title,
        clientName: ticket.clientName,
        start: block.start.toISOString(),
        end: block.end.toISOString(),
        activeMinutes: block.activeMinutes,
        minutes: block.minutes,
        focusMinutes: block.focusMinutes,
        replies: block.replies,
        notes: block.notes,
        statusChanges: block.statusChanges,
        ongoing: now.getTime() - block.end.getTime() <= DRAFT_GAP_MINUTES * 60_000,
      },
    ];
  });
  return { date, roundingMinutes, drafts, totalMinutes: drafts.reduce((sum, d) => sum + d.minutes, 0) };
}

async function blocksForDay(db: DbExecutor, userId: string, date: string, roundingMinutes: number) {
  const { dayStart, dayEnd } = torontoDayBounds(date);
  const { activities, settled } = await dayActivity(db, userId, dayStart, dayEnd);
  return activityBlocks(activities, settled, { dayStart, dayEnd, gapMinutes: DRAFT_GAP_MINUTES, roundingMinutes });
}

async function ticketNames(db: DbExecutor, ids: string[]) {
  if (ids.length === 0) return new Map<string, { title: string; clientName: string | null }>();
  const rows = await db
    .select({ id: tickets.id, title: tickets.title, clientName: clients.name })
    .from(tickets)
    .leftJoin(clients, eq(clients.id, tickets.clientId))
    .where(inArray(tickets.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, { title: r.title, clientName: r.clientName }]));
}

/** The person's current draft named by `ref`, found again from the activity (its end may have moved). */
export async function findDraft(db: DbExecutor, userId: string, ref: TimeDraftRef): Promise<ActivityBlock> {
  const start = new Date(ref.start);
  const { roundingMinutes } = await readTimeSettings(db);
  const blocks = await blocksForDay(db, userId, localDate(start), roundingMinutes);
  const block = blocks.find((b) => b.ticketId === ref.ticketId && b.start.getTime() === start.getTime());
  if (!block) throw NotFoundError.of("Draft");
  return block;
}

/**
 * Settles a draft's minutes without an entry. Once: the decision's key is the ticket and first minute,
 * so a second discard (a double click, a second tab) finds the first and changes nothing.
 */
export async function discardDraft(db: DbExecutor, userId: string, ref: TimeDraftRef): Promise<void> {
  if (await decisionOn(db, userId, ref)) return;
  const block = await draftOrDecision(db, userId, ref);
  if (!("ticketId" in block)) return;
  await db
    .insert(timeDraftDecisions)
    .values({ userId, ticketId: block.ticketId, start: block.start, end: block.end, decision: "discarded" })
    .onConflictDoNothing();
}

/**
 * The draft, or the decision on it that another request committed between `decisionOn` and now: once
 * decided, its minutes are no longer a draft, and the caller answers as if it had found the decision first.
 */
async function draftOrDecision(db: DbExecutor, userId: string, ref: TimeDraftRef) {
  try {
    return await findDraft(db, userId, ref);
  } catch (error) {
    const decided = await decisionOn(db, userId, ref);
    if (decided) return decided;
    throw error;
  }
}

async function decisionOn(db: DbExecutor, userId: string, ref: TimeDraftRef) {
  const [row] = await db
    .select({ decision: timeDraftDecisions.decision, entryId: timeDraftDecisions.entryId })
    .from(timeDraftDecisions)
    .where(
      and(
        eq(timeDraftDecisions.userId, userId),
        eq(timeDraftDecisions.ticketId, ref.ticketId),
        eq(timeDraftDecisions.start, new Date(ref.start)),
      ),
    );
  return row;
}

export interface DraftAcceptance extends TimeDraftRef {
  minutes?: number;
  workTypeId: string;
  billable?: boolean;
  note?: string;
  noteVisibility?: NoteVisibility;
}

/**
 * Makes a draft a time entry, once: the decision row is written in the same transaction as the entry, and
 * its key (person, ticket, first minute) lets a second accept (a double click, another tab, another
 * instance) find the first entry instead of recording another.
 */
export async function acceptDraft(db: Database, user: SessionUser, input: DraftAcceptance): Promise<TimeEntry> {
  return db.transaction(async (tx) => {
    const earlier = await decisionOn(tx, user.id, input);
    if (earlier) return settledEntry(tx, user, earlier);
    const block = await draftOrDecision(tx, user.id, input);
    if (!("ticketId" in block)) return settledEntry(tx, user, block);
    const [decided] = await tx
      .insert(timeDraftDecisions)
      .values({ userId: user.id, ticketId: block.ticketId, start: block.start, end: block.end, decision: "accepted" })
      .onConflictDoNothing()
      .returning();
    if (!decided) return settledEntry(tx, user, (await decisionOn(tx, user.id, input))!);
    const entry = await createEntry(tx, user, {
      ticketId: block.ticketId,
      date: localDate(block.start),
      minutes: input.minutes ?? block.minutes,
      workTypeId: input.workTypeId,
      billable: input.billable,
      note: input.note,
      noteVisibility: input.noteVisibility,
    });
    await tx
      .update(timeDraftDecisions)
      .set({ entryId: entry.id })
      .where(
        and(
          eq(timeDraftDecisions.userId, user.id),
          eq(timeDraftDecisions.ticketId, block.ticketId),
          eq(timeDraftDecisions.start, block.start),
        ),
      );
    return entry;
  });
}

async function settledEntry(db: DbExecutor, user: SessionUser, decision: { decision: string; entryId: string | null }) {
  if (decision.decision !== "accepted") throw new ConflictError("This draft was discarded");
  if (!decision.entryId) throw new ConflictError("This draft was accepted and its entry since deleted");
  return readEntry(db, decision.entryId, user);
}
