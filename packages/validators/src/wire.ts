// Fields of the API's answers that mean more than their zod type says. Factories, so that a field can add
// its own `.describe()` or `.nullable()` without touching another's.
import { z } from "zod";

/** A moment as the API sends it: an ISO 8601 timestamp in UTC (`Date.toISOString()`). */
export const isoTimestamp = () => z.string();

/** A calendar day with no time zone: YYYY-MM-DD. */
export const isoDate = () => z.string();

/** How many of something (tickets, devices, bytes, minutes): a whole number, never negative. */
export const quantity = () => z.number().int().nonnegative();

/**
 * A count for each of `keys` (statuses, views), zero included. Each key is a property of its own: a record of
 * an enum would document its keys as required but undefined.
 */
export const quantityPer = <K extends string>(keys: readonly K[]) =>
  z.object(Object.fromEntries(keys.map((key) => [key, quantity()])) as Record<K, ReturnType<typeof quantity>>);

/**
 * A record's version (docs/architecture.md §8a): every write to the row adds one. Answered with the record
 * (and as its ETag over REST); an edit may name the one it was based on, and is refused (409) once another
 * write has moved it.
 */
export const rowVersion = () => z.number().int().min(1);
/** The version an edit was based on; none: the edit applies whatever came before it (the last write wins). */
export const basedOnVersion = () =>
  z.number({ error: "Version must be a whole number" }).int("Version must be a whole number").min(1).optional();

/** The answer of a write that has nothing else to say. */
export const successSchema = z.object({ success: z.literal(true) });

/** The answer of a delete: the id of the row it removed. */
export const deletedSchema = z.object({ success: z.literal(true), id: z.string() });
