// The REST refusal as a client meets it (docs/architecture.md §2, §16): a status and exactly the body
// `{ error, code, requestId }`, the request id being the one its X-Request-Id header carries.
import { expect } from "vitest";

export async function expectRefused(res: Response, status: number, error: string, code: string): Promise<void> {
  expect(res.status).toBe(status);
  expect(await res.json()).toEqual({ error, code, requestId: res.headers.get("x-request-id") });
}

/** The 404 of a ticket the caller cannot reach: unknown, malformed, or another company's. */
export const expectTicketNotFound = (res: Response) => expectRefused(res, 404, "Ticket not found", "NOT_FOUND");
