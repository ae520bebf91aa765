// The staff search of tickets (docs/decisions/0019-ticket-search.md): words through the full-text index,
// anything else (part of a serial number, an email, a reference, the middle of a word) through the trigram
// index, as a substring. Words come back most relevant first; a substring is a filter only.
import { and, containsPattern, CUSTOM_PLAN, ilike, or, sql, tickets, type SQL } from "@repo/db";
import {
  filteredPairs,
  rarePieces,
  readsByFilters,
  walkFinds,
  type SearchFilters,
  type SearchStats,
} from "./search-plan.js";
import { prefixWordsQuery, queryWords } from "../lib/word-query.js";

/** A query made of words only: letters and digits, separated by spaces. */
const WORDS = /^[\p{L}\p{N}]+(?:\s+[\p{L}\p{N}]+)*$/u;

/** A ticket's reference as people type it: its id's last 8 hex digits, "#" optional. */
const REFERENCE = /^#?([0-9a-f]{8})$/i;

/** The text the trigram index `tickets_search_trgm` covers: the same expression, so the index is used. */
const searchText = sql`(${tickets.title} || ' ' || ${tickets.description} || ' ' || ${tickets.requesterName} || ' ' || ${tickets.requesterEmail})`;

export type TicketSearch =
  /** Every word, the last ones completed by prefix, in the generated `search_vector`; `rank` orders them. */
  | {
      kind: "words";
      where: SQL;
      rank: SQL<number>;
      /** Whether `where` reads the words with the status and priority filters, finding only their tickets. */
      byFilters: boolean;
    }
  /** The query as typed, anywhere in the title, description or requester, in any case. */
  | { kind: "substring"; where: SQL };

/**
 * What the search's plan is chosen from (docs/decisions/0022-search-plans-from-statistics.md): the table's
 * statistics, how many matches the list reads (newest first), and whether a view adds conditions of its own
 * (then the planner's plan stands), and the status and priority the list is filtered by, either or both.
 */
export interface SearchPlanning {
  stats?: SearchStats;
  matches: number;
  view: boolean;
  filters?: SearchFilters;
}

/**
 * How `q` is searched: as words when it is made of words, all of them required, the last one completed as
 * typed ("printer ja" finds "printer jams"); otherwise as a substring. A query shaped like a
 * reference ("#1a2b3c4d", as the screens show it) also finds the ticket with that id, so the merge and link
 * pickers find a ticket by its number; only such a query reads the ids. `planning` changes how the
 * condition is written, never what it finds.
 */
export function ticketSearch(
  q: string,
  mode: TicketSearch["kind"] = WORDS.test(q) ? "words" : "substring",
  planning?: SearchPlanning,
): TicketSearch {
  const reference = REFERENCE.exec(q)?.[1];
  const byReference = reference ? sql`${tickets.id}::text like ${`%${reference.toLowerCase()}`}` : undefined;
  if (mode === "substring") {
    // CUSTOM_PLAN: planned for the text searched, whether the trigram index or the newest first order pays.
    const whole = ilike(searchText, containsPattern(q));
    // A piece of the query inside a common word ("example" in every email) is left out of what the trigram
    // index looks up; the whole query is checked on the tickets it finds, written so the index does not
    // take it too ("is true": not an operator the index serves).
    const pieces = rarePieces(planning?.stats, q);
    const text = pieces
      ? sql`${CUSTOM_PLAN}${and(ilike(searchText, `%${pieces.join("%")}%`), sql`(${whole}) is true`)}`
      : sql`${CUSTOM_PLAN}${whole}`;
    return { kind: "substring", where: byReference ? or(text, byReference)! : text };
  }
  const words = queryWords(q);
  const query = prefixWordsQuery(words);
  // CUSTOM_PLAN: planned for these words; whether the full-text index or the newest first order pays
  // depends on how many tickets have them. Where the statistics say the newest matches lie within a short
  // walk, the condition is written so that the full-text index cannot serve it ("is true"): with the status
  // and priority filters the planner would AND the word's bitmap with theirs, reading every ticket of the word.
  // The statistics list words as the 'simple' configuration stores them: lower case.
  const listed = words.map((word) => word.toLowerCase());
  const walk = planning && !planning.view && walkFinds(planning.stats, listed, planning.matches);
  // With the filters (the list ANDs them), the words as the filtered status and priority prefix them
  // (migration 0022): the scan gathers only those tickets' postings of a word completed as typed, not the
  // postings of every ticket a word it starts is in (docs/decisions/0023-words-by-status-and-priority.md).
  // With one filter, its value with each of the other's, where that beats a walk (decision 0024).
  const filters =
    !walk && planning?.filters && readsByFilters(planning.stats, listed, planning.filters, planning.matches)
      ? planning.filters
      : undefined;
  const matches = walk
    ? sql`${CUSTOM_PLAN}(${tickets.searchVector} @@ ${query}) is true`
    : filters
      ? sql`${CUSTOM_PLAN}ticket_filtered_words(${tickets.status}, ${tickets.priority}, ${tickets.searchVector})
          @@ (${filteredQuery(filters, query)})`
      : sql`${CUSTOM_PLAN}${tickets.searchVector} @@ ${query}`;
  return {
    kind: "words",
    byFilters: filters !== undefined,
    where: byReference ? or(matches, byReference)! : matches,
    // A ticket found by its reference outranks every word match: it is the one asked for.
    rank: sql<number>`${byReference ? sql`case when ${byReference} then 1e9 else 0 end + ` : sql``}ts_rank(${tickets.searchVector}, ${query})`,
  };
}

/** `query` prefixed by every status and priority the filters let through, ORed. */
function filteredQuery(filters: SearchFilters, query: SQL): SQL {
  const prefixed = filteredPairs(filters).map(
    ([status, priority]) =>
      sql`ticket_filtered_query(${status}::ticket_status, ${priority}::ticket_priority, ${query})`,
  );
  return sql.join(prefixed, sql` || `);
}
