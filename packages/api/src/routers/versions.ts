// Edits that name the version they were based on (docs/architecture.md §8a): tRPC callers send `version`,
// REST callers may send it or an `If-Match` header with the ETag a GET answered. Without either, an edit
// applies as it always has (the last write wins), so the spec's calls keep their contract.
import { InvalidError, StaleVersionError } from "../errors.js";

/** `"3"`, `W/"3"` or `3`: the version an If-Match names; `*` names none. */
const IF_MATCH = /^(?:W\/)?"?(\d{1,9})"?$/;

/** The version an edit was based on: the input's `version`, else the request's If-Match, else none. */
export function expectedVersion(headers: Headers, version: number | undefined): number | undefined {
  if (version !== undefined) return version;
  const ifMatch = headers.get("if-match")?.trim();
  if (!ifMatch || ifMatch === "*") return undefined;
  const match = IF_MATCH.exec(ifMatch);
  if (!match) throw new InvalidError('If-Match must be the ETag a GET of the record answered, such as "3"');
  return Number(match[1]);
}

/**
 * Runs an edit; when it was refused as stale, reads the record as it is now (`current`, in the answer's
 * shape) into the error, so the 409 shows the caller what changed.
 */
export async function versionedWrite<T>(write: () => Promise<T>, current: () => Promise<unknown>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof StaleVersionError) error.current = await current().catch(() => undefined);
    throw error;
  }
}
