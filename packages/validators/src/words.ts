// A text's meaningful words: what the assistant's index ranks by (MiniSearch's tokenizer and term
// processing), what an article's "any word" search and its related articles match, and what a new
// ticket's form checks before it asks for articles to offer. An entry of its own (`@repo/validators/words`),
// free of zod: the website's ticket form loads it lazily, apart from the page's labels.

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
