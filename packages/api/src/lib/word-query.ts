// The full-text query the searches share (tickets, docs/decisions/0019-ticket-search.md; knowledge base,
// 0055): every word required, the last one completed by prefix as it is typed, in the 'simple'
// configuration the search_vector columns are built with.
import { sql, type SQL } from "@repo/db";

/** The words of a query: runs of letters and digits; anything else separates them. */
export const queryWords = (q: string): string[] => q.match(/[\p{L}\p{N}]+/gu) ?? [];

/**
 * `to_tsquery` of `words` (letters and digits only, so none is a tsquery operator and they can be joined
 * as written). Only the last word is completed: a prefix makes GIN gather every word it starts, and
 * "requester:*" over a million requesters costs a hundred milliseconds where the whole word costs one.
 */
export const prefixWordsQuery = (words: readonly string[]): SQL =>
  sql`to_tsquery('simple', ${`${words.join(" & ")}:*`})`;

/**
 * `to_tsquery` matching any of `words`, each completed by prefix (letters and digits only, as above): the
 * assistant's candidate articles for a question, which share some of its words but rarely all of them.
 * The words are a question's few meaningful ones, so the prefixes stay cheap.
 */
export const anyWordQuery = (words: readonly string[]): SQL =>
  sql`to_tsquery('simple', ${words.map((word) => `${word}:*`).join(" | ")})`;
