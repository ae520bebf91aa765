// What the planner's statistics say of a search's words, for the search to choose its plan where the planner
// chooses badly (docs/decisions/0022-search-plans-from-statistics.md): the share of tickets having each of the
// most common words (`pg_stats.most_common_elems` of `search_vector`) and each status and priority. Without
// statistics (PGlite, or a table never analyzed) there is nothing to choose from and the search keeps the
// planner's plan.
import { executeRows, sql, type DbExecutor } from "@repo/db";
import { TICKET_PRIORITIES, TICKET_STATUSES, type TicketPriority, type TicketStatus } from "@repo/validators";

export interface SearchStats {
  /** The share of tickets having each of the most common words. */
  words: Map<string, number>;
  /** How many tickets the table holds, as last analyzed. */
  tickets: number;
  /** The share of tickets in each status and each priority, by the value ("NEW", "P2"). */
  filters: Map<string, number>;
}

/** Statistics change when the table is analyzed, minutes apart: read again after this long. */
const STATS_MAX_AGE_MS = 60_000;
let read = new WeakMap<object, { at: number; stats: Promise<SearchStats | undefined> }>();

/** The statistics of `db`'s tickets, read at most once a minute per database; undefined when there are none. */
export function searchStats(db: DbExecutor): Promise<SearchStats | undefined> {
  const cached = read.get(db);
  if (cached && Date.now() - cached.at < STATS_MAX_AGE_MS) return cached.stats;
  const stats = readStats(db).catch(() => undefined);
  read.set(db, { at: Date.now(), stats });
  return stats;
}

/** Forget what was read, so the next search reads the statistics again (tests, after an ANALYZE). */
export function forgetSearchStats(): void {
  read = new WeakMap();
}

async function readStats(db: DbExecutor): Promise<SearchStats | undefined> {
  // As text, parsed here: both drivers hand back text alike, where arrays of `anyarray` and `real` differ.
  const [row] = await executeRows<{ stats: string }>(
    db,
    sql`
    select json_build_object(
      'tickets', (select reltuples from pg_class where oid = 'tickets'::regclass),
      'columns', json_object_agg(attname, json_build_object(
        'words', coalesce(most_common_elems::text, most_common_vals::text)::text[],
        'shares', coalesce(most_common_elem_freqs, most_common_freqs)))
    )::text as stats
    from pg_stats
    where schemaname = current_schema() and tablename = 'tickets'
      and attname in ('search_vector', 'status', 'priority')`,
  );
  if (!row) return undefined;
  type Column = { words: string[] | null; shares: number[] | null };
  const { tickets, columns } = JSON.parse(row.stats) as { tickets: number; columns: Record<string, Column> | null };
  const shares = (column: Column | undefined) =>
    new Map((column?.words ?? []).map((word, i) => [word, column!.shares![i]!] as const));
  const words = shares(columns?.search_vector);
  // The words' shares list ends with their minimum and maximum, past the words: the map reads only as far.
  if (words.size === 0) return undefined;
  return { words, tickets, filters: new Map([...shares(columns?.status), ...shares(columns?.priority)]) };
}

/**
 * The share of tickets having every word, the last one completed as typed, if the statistics know every
 * word (taken as independent). Undefined for a word they do not list: one too rare to be among the most
 * common, whose few tickets the full-text index finds fastest.
 */
export function wordsShare(stats: SearchStats, words: string[]): number | undefined {
  let share = 1;
  for (const [i, word] of words.entries()) {
    let found = 0;
    if (i < words.length - 1) found = stats.words.get(word) ?? 0;
    // Completed: every common word it starts, which can only say too little (the rest are rarer).
    else for (const [listed, s] of stats.words) if (listed.startsWith(word)) found += s;
    if (found === 0) return undefined;
    share *= Math.min(found, 1);
  }
  return share;
}

/**
 * How many tickets a walk newest first may read to find a search's newest matches; beyond this, the full-text
 * index is left to the planner. Walking 6,000 tickets of one status and priority for `vpn` took 21 ms where the
 * planner's choice, the word's bitmap ANDed with the filters', took 140 to 190 ms (same moment, load 7).
 */
export const WALK_ROWS = 10_000;

/** Whether `matches` of these words are expected within the first WALK_ROWS tickets walked newest first. */
export function walkFinds(stats: SearchStats | undefined, words: string[], matches: number): boolean {
  const share = stats && wordsShare(stats, words);
  return share !== undefined && matches / share <= WALK_ROWS;
}

/**
 * A match the full-text index finds costs about this many tickets walked newest first: it is read from
 * wherever it lies in the table, where a walk reads tickets side by side (2.5 against 0.47 microseconds a
 * ticket, hot, at a million tickets; docs/decisions/0024-one-filter-reads-prefixed-words.md).
 */
export const MATCH_READ_COST = 5;

/**
 * Whether a search filtered by one of status and priority should read the words as every status and
 * priority prefix them (migration 0022), the filter's value with each of the other's: that finds the
 * filter's matches only, but reads every one of them. It does where they cost less than the walk newest
 * first that finds `matches` of them, or where the statistics do not list a word (a rare one, few matches).
 * Never without statistics: the planner's plan stands.
 */
export function filterFinds(stats: SearchStats | undefined, words: string[], filter: string, matches: number): boolean {
  if (!stats) return false;
  const share = wordsShare(stats, words);
  if (share === undefined) return true;
  const filterShare = stats.filters.get(filter) ?? 0;
  if (filterShare === 0) return true;
  const found = stats.tickets * share * filterShare;
  return found * MATCH_READ_COST < matches / (share * filterShare);
}

/** The status and priority the list is filtered by; either, both or neither. */
export interface SearchFilters {
  status?: TicketStatus;
  priority?: TicketPriority;
}

/**
 * Whether a search reads the words as the ticket's status and priority prefix them (migration 0022): with both
 * filters always (decision 0023), with one where `filterFinds` says it pays (decision 0024), with none never.
 */
export function readsByFilters(
  stats: SearchStats | undefined,
  words: string[],
  filters: SearchFilters,
  matches: number,
): boolean {
  if (filters.status && filters.priority) return true;
  const one = filters.status ?? filters.priority;
  return one !== undefined && filterFinds(stats, words, one, matches);
}

/** Every status and priority the filters let through, as pairs: the one chosen of each, or all of one unset. */
export function filteredPairs(filters: SearchFilters): [TicketStatus, TicketPriority][] {
  const statuses = filters.status ? [filters.status] : TICKET_STATUSES;
  const priorities = filters.priority ? [filters.priority] : TICKET_PRIORITIES;
  return statuses.flatMap((status) => priorities.map((priority): [TicketStatus, TicketPriority] => [status, priority]));
}

/**
 * A word this common (share of tickets) makes the trigrams it is made of common too: the trigram index reads
 * all their postings, hundreds of thousands of tickets each.
 */
export const COMMON_WORD_SHARE = 0.05;

/**
 * The pieces of a substring query (its runs of letters and digits, in order) that the trigram index should
 * look up: those inside a common word left out, and a common word a piece starts or ends with cut down to
 * the two characters whose trigrams reach into the rest. Undefined when that changes nothing, or leaves
 * nothing of three characters. In `user4242@example`, "example" is in every requester's email and "user"
 * starts every one: their trigrams' postings are most of the index's work (2,736 pages for the whole query,
 * 680 for "user4242", 98 for "er4242").
 */
export function rarePieces(stats: SearchStats | undefined, q: string): string[] | undefined {
  if (!stats) return undefined;
  const common = [...stats.words].filter(([, share]) => share >= COMMON_WORD_SHARE).map(([word]) => word);
  // The pieces keep the case typed (ILIKE compares them as PostgreSQL folds case); the words are lower case.
  const pieces = q.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const rare = pieces
    .filter((piece) => !common.some((word) => word.includes(piece.toLowerCase())))
    .map((piece) => cut(piece, common));
  // Fewer than three characters make no trigram: pieces that short alone would narrow nothing in the index.
  const changed = rare.join(" ") !== pieces.join(" ");
  return changed && rare.some((piece) => piece.length >= 3) ? rare : undefined;
}

/** The piece without the common words it starts or ends with, but for their last (first) two characters. */
function cut(piece: string, common: string[]): string {
  const lower = piece.toLowerCase();
  // A letter whose lower case is longer or shorter: positions would not match, the piece stays whole.
  if (lower.length !== piece.length) return piece;
  let from = 0;
  let to = piece.length;
  for (const word of common) {
    if (word.length < 3 || word.length >= piece.length) continue;
    if (lower.startsWith(word)) from = Math.max(from, word.length - 2);
    if (lower.endsWith(word)) to = Math.min(to, piece.length - word.length + 2);
  }
  return to - from >= 3 ? piece.slice(from, to) : piece;
}
