// Paging through a keyset-paged call (issue 20) in tests: every page, following nextCursor to the end.
import { expect } from "vitest";

/** A 200's JSON body; any other status fails the test, naming `label`. */
export async function okJson<T>(res: Response, label: string): Promise<T> {
  expect(res.status, label).toBe(200);
  return (await res.json()) as T;
}

/** Every page of `path` (whose query ends with `?` or `&`), each asked for with the cursor of the last. */
export async function allPages<P extends { nextCursor: string | null }>(
  read: (path: string) => Promise<P>,
  path: string,
): Promise<P[]> {
  const pages: P[] = [];
  let cursor: string | null = null;
  do {
    pages.push(await read(`${path}${cursor ? `cursor=${cursor}` : ""}`));
    cursor = pages.at(-1)!.nextCursor;
  } while (cursor && pages.length < 50);
  return pages;
}
