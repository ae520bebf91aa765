// The one rule every text field of every payload follows: it is text (no NUL, which PostgreSQL refuses,
// and no half of a UTF-16 surrogate pair, which is not a character at all) and it fits its field. A
// field breaking it is a 400 with a message, never a database error.
import { z } from "zod";

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding NUL is the point
const NOT_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const isPlainText = (value: string): boolean => !NOT_TEXT.test(value);

/** A string of at most `max` characters that is plain text; `error` names a missing or non-string value. */
export function text(max: number, error?: string) {
  return z
    .string(error ? { error } : undefined)
    .refine(isPlainText, "Remove the control characters from this field")
    .max(max, `Must be at most ${max} characters`);
}

/** Dates a person means: a purchase, a warranty, a check-in. Year 0 or 99999 is a typo, not a date. */
export const DATE_YEARS = { min: 1900, max: 2199 } as const;

export const isSaneDate = (value: string): boolean => {
  const year = Number(value.slice(0, value.indexOf("-", 1)));
  return year >= DATE_YEARS.min && year <= DATE_YEARS.max;
};
