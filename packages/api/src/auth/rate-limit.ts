// Fixed-window counters in the database (table rate_limits), so a limit holds across server instances.
import { eq, lte, preparedQuery, sql } from "@repo/db";
import { rateLimits, type DbExecutor } from "@repo/db";

export interface Limit {
  max: number;
  windowMs: number;
}

/** What anyone may send without signing in, per address: form submissions and quote clicks. */
export const PUBLIC_LIMITS = {
  ticket: { max: 10, windowMs: 10 * 60_000 },
  contact: { max: 10, windowMs: 10 * 60_000 },
  track: { max: 30, windowMs: 10 * 60_000 },
  /** Single sign-ons started: each writes a state row, so a script must not write them without end. */
  ssoStart: { max: 30, windowMs: 10 * 60_000 },
  /** Articles opened from a ticket form and forms sent: counts in the reports, which a script must not skew. */
  deflection: { max: 60, windowMs: 10 * 60_000 },
  /** Status mail asked for, per visitor address: each ask may mail a confirmation link. */
  statusSubscribe: { max: 10, windowMs: 60 * 60_000 },
  /** ... and per email address, so nobody can have us mail one inbox again and again from many networks. */
  statusSubscribeEmail: { max: 3, windowMs: 60 * 60_000 },
} satisfies Record<string, Limit>;

/** Files uploaded for attaching (POST /api/attachments): per visitor address, per signed-in user. */
export const UPLOAD_LIMITS = {
  visitor: { max: 30, windowMs: 10 * 60_000 },
  user: { max: 300, windowMs: 10 * 60_000 },
} satisfies Record<string, Limit>;

export interface LimitState {
  count: number;
  resetAt: Date;
}

/** A hit: the window's count goes up by one, or starts afresh at one once the window has ended. */
const countedSet = {
  count: sql`case when ${rateLimits.resetAt} <= now() then 1 else ${rateLimits.count} + 1 end`,
  resetAt: sql`case when ${rateLimits.resetAt} <= now() then excluded.reset_at else ${rateLimits.resetAt} end`,
};
const hitRow = (n: string) => ({ key: sql.placeholder(`key${n}`), count: 1, resetAt: sql.placeholder(`resetAt${n}`) });

// Built once: device check-ins count two hits each, by the thousand a minute (docs/performance.md §5).
const counted = preparedQuery("rate_limit_hit", (db) =>
  db
    .insert(rateLimits)
    .values(hitRow(""))
    .onConflictDoUpdate({ target: rateLimits.key, set: countedSet })
    .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt }),
);

/** Counts one hit against `key` and returns the window's state after it. */
export async function hit(db: DbExecutor, key: string, limit: Limit): Promise<LimitState> {
  const [row] = await counted(db, { key, resetAt: new Date(Date.now() + limit.windowMs) });
  return row!;
}

// Rows are counted in the order given, so two such statements sharing the first key lock it first and
// cannot deadlock over the second.
const countedPair = preparedQuery("rate_limit_hit_pair", (db) =>
  db
    .insert(rateLimits)
    .values([hitRow("1"), hitRow("2")])
    .onConflictDoUpdate({ target: rateLimits.key, set: countedSet })
    .returning({ key: rateLimits.key, count: rateLimits.count, resetAt: rateLimits.resetAt }),
);

/** Two hits (two different keys) in one statement, one round trip: each window's state after it. */
export async function hitPair(
  db: DbExecutor,
  first: { key: string; limit: Limit },
  second: { key: string; limit: Limit },
): Promise<[LimitState, LimitState]> {
  const now = Date.now();
  const rows = await countedPair(db, {
    key1: first.key,
    resetAt1: new Date(now + first.limit.windowMs),
    key2: second.key,
    resetAt2: new Date(now + second.limit.windowMs),
  });
  const stateOf = (key: string) => rows.find((row) => row.key === key)!;
  return [stateOf(first.key), stateOf(second.key)];
}

/** The current state without counting; null when no window is open. */
export async function peek(db: DbExecutor, key: string): Promise<LimitState | null> {
  const [row] = await db
    .select({ count: rateLimits.count, resetAt: rateLimits.resetAt })
    .from(rateLimits)
    .where(eq(rateLimits.key, key));
  if (!row || row.resetAt.getTime() <= Date.now()) return null;
  return row;
}

/** Takes back one hit (an attempt counted up front that turned out to be allowed). */
export async function undo(db: DbExecutor, key: string): Promise<void> {
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(eq(rateLimits.key, key));
}

export async function reset(db: DbExecutor, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

export function retryAfterSeconds(state: LimitState): number {
  return Math.max(1, Math.ceil((state.resetAt.getTime() - Date.now()) / 1000));
}

/** Drops the windows that have ended (a new hit would start afresh anyway). */
export async function deleteEndedLimits(db: DbExecutor): Promise<number> {
  const rows = await db
    .delete(rateLimits)
    .where(lte(rateLimits.resetAt, new Date()))
    .returning({ key: rateLimits.key });
  return rows.length;
}
