// Keyset paging's parameters (docs/architecture.md §8), the same on every paged list: `cursor`, the id
// of the last row of the page before, and `limit`, how many rows a page holds. A list call given neither answers as it
// always has, every row; its `…Page` sibling answers `{ <rows>, nextCursor }`.
import { z } from "zod";
import { idText } from "./fields.js";

/** The most rows one page may hold. */
export const MAX_PAGE_SIZE = 100;

const limit = () => z.coerce.number().int().min(1).max(MAX_PAGE_SIZE);

/** On a list call that stays a list: with neither, every row; with a cursor alone, the rest after it. */
export const optionalPageParams = {
  cursor: idText().optional(),
  limit: limit().optional(),
};

/** On a `…Page` call: a page is `size` rows unless the caller asks for fewer or more. */
export const pageParams = (size: number) => ({
  cursor: idText().optional(),
  limit: limit().default(size),
});

/** A list answer: the rows under `key` (`{ sessions: [...] }`), so the answer can grow fields later. */
export const listSchema = <K extends string, T extends z.ZodType>(key: K, row: T) =>
  z.object({ [key]: z.array(row) } as { [P in K]: z.ZodArray<T> });

/** The `…Page` answer: the page's rows under `key`, and the cursor of the next page (null on the last). */
export const pageSchema = <K extends string, T extends z.ZodType>(key: K, row: T) =>
  z.object({ [key]: z.array(row), nextCursor: z.string().nullable() } as { [P in K]: z.ZodArray<T> } & {
    nextCursor: z.ZodNullable<z.ZodString>;
  });
