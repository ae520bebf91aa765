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

/** Words too common to say what a question is about. */
const STOP_WORDS = new Set(
  "a an and are as at be but by can could do does did for from had has have how i if in into is it its me my of on or our please so that the their them then there these they this to us was we what when where which who why will with would you your yours about any tell know want get".split(
    " ",
  ),
);

/** Lower-case, strip possessives and the commonest English endings. */
export function stem(word: string): string {
  let w = word.toLowerCase().replace(/['’]s$/, "");
  if (w.length > 5 && w.endsWith("ing")) w = w.slice(0, -3);
  else if (w.length > 4 && w.endsWith("ies")) w = `${w.slice(0, -3)}y`;
  else if (w.length > 4 && w.endsWith("ed")) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith("s") && !w.endsWith("ss")) w = w.slice(0, -1);
  return w;
}

/** Words of a text (letters and digits), as MiniSearch splits them. */
export const tokenize = (text: string): string[] => text.split(/[^\p{L}\p{N}]+/u).filter(Boolean);

export function processTerm(term: string): string | null {
  const lower = term.toLowerCase();
  if (lower.length < 2 || STOP_WORDS.has(lower)) return null;
  return stem(lower);
}

/** A question's meaningful words (stop words out, common endings off), each once, at most `max`. */
export const meaningfulWords = (text: string, max = 8): string[] =>
  [...new Set(tokenize(text).map(processTerm))].filter((w): w is string => !!w).slice(0, max);
