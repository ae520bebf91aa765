// Typing "/" at the start of a word in a reply box opens the canned replies (architecture.md §18). These are the
// pure parts: finding the "/word" being typed at the caret, choosing the replies it names, and putting
// the chosen text in its place.

/** The "/word" ending at the caret: where it starts and what follows the slash. */
export interface SlashCommand {
  start: number;
  end: number;
  query: string;
}

/**
 * The command being typed at `caret`, if any: a "/" at the start of the text or after whitespace, and no
 * whitespace between it and the caret. "and/or" or a path "C:/temp" is not one.
 */
export function slashCommandAt(text: string, caret: number): SlashCommand | null {
  const before = text.slice(0, caret);
  const match = /(^|\s)\/(\S*)$/.exec(before);
  if (!match) return null;
  const start = caret - match[2]!.length - 1;
  return { start, end: caret, query: match[2]! };
}

/** The replies whose title (or, failing that, text) holds every word of the query, titles first. */
export function matchingReplies<R extends { title: string; body: string }>(replies: readonly R[], query: string): R[] {
  const words = query
    .toLowerCase()
    .split(/[\s_-]+/)
    .filter(Boolean);
  const holds = (s: string) => words.every((w) => s.toLowerCase().includes(w));
  const byTitle = replies.filter((r) => holds(r.title));
  return [...byTitle, ...replies.filter((r) => !byTitle.includes(r) && holds(r.body))];
}

/** `text` with [start, end) replaced by `insert`, and the caret just after the inserted text. */
export function replaceRange(
  text: string,
  range: { start: number; end: number },
  insert: string,
): { text: string; caret: number } {
  return { text: text.slice(0, range.start) + insert + text.slice(range.end), caret: range.start + insert.length };
}
