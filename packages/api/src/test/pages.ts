// Paging through a keyset-paged call (docs/performance.md §4) in tests: every page, following nextCursor to the end.
import { expect } from "vitest";
import type { FileServer } from "./file-server.js";
import { ACME, AGENT } from "./fixtures.js";
import { expectRefused } from "./refusals.js";

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

/**
 * A staff-only paged list, `list` and `list/page` alike (docs/performance.md §4), refuses a cursor that names no row of
 * its own (a fresh uuid, and `notAnId`) with `what` in the one refusal message, asked by AGENT; a client
 * (ACME) gets 403 and no session 401.
 */
export async function expectCursorRefusals(
  { server, tokens }: FileServer,
  list: string,
  { what, notAnId }: { what: string; notAnId: string },
): Promise<void> {
  const refusal = `That page of ${what} no longer exists: start again from the first page`;
  const get = (path: string, email = AGENT) => server.request(path, { token: tokens[email] });
  const page = `${list}/page`;
  for (const path of [page, list]) {
    await expectRefused(await get(`${path}?cursor=${crypto.randomUUID()}`), 400, refusal, "BAD_REQUEST");
    await expectRefused(await get(`${path}?cursor=${notAnId}`), 400, refusal, "BAD_REQUEST");
  }
  expect((await get(page, ACME)).status).toBe(403);
  expect((await server.request(page)).status).toBe(401);
}
