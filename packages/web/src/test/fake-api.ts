// A network fake of the tRPC endpoint for component tests (msw 2). It answers the batch link's requests
// (`/trpc/a,b?batch=1&input={"0":..,"1":..}` or a POST body) with one result per call, in order.
import { TRPC_ERROR_CODES_BY_KEY, type TRPC_ERROR_CODE_KEY } from "@trpc/server/rpc";
import { notifications } from "@mantine/notifications";
import { screen } from "@testing-library/react";
import { http, HttpResponse, ws } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, expect } from "vitest";
import "./dom-polyfills";

// biome-ignore lint/suspicious/noExplicitAny: a fake answers any procedure; each test reads the fields it sent
type Resolver = (input: any) => unknown;

/** Throw this from a resolver to answer with a tRPC error. */
export class FakeApiError extends Error {
  constructor(
    readonly code: TRPC_ERROR_CODE_KEY,
    message: string,
    /** More of the error's data, as the server's error formatter adds it (a reason, a sign-in's secondStep, a stale edit's `current`). */
    readonly data: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** A resolver that always answers with this tRPC error. */
export function failsWith(code: TRPC_ERROR_CODE_KEY, message: string): Resolver {
  return () => {
    throw new FakeApiError(code, message);
  };
}

/** A sign-in's answer when a second factor comes next: the API's 401 with the challenge in its data. */
export function needsSecondFactor(challenge: string, secondFactor: "totp" | "enrol"): Resolver {
  const code = secondFactor === "totp" ? "SECOND_FACTOR_REQUIRED" : "SECOND_FACTOR_ENROLMENT";
  return () => {
    throw new FakeApiError("UNAUTHORIZED", "Enter the code from your authenticator app to finish signing in.", {
      secondStep: { code, challenge, secondFactor },
    });
  };
}

const HTTP_STATUS: Partial<Record<TRPC_ERROR_CODE_KEY, number>> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  INTERNAL_SERVER_ERROR: 500,
};

export interface FakeCall {
  path: string;
  // biome-ignore lint/suspicious/noExplicitAny: as Resolver
  input: any;
}

const liveUpdates = ws.link("*/ws");

/** Starts the fake for the current test file; `on` adds answers. Answers, calls and toasts reset after each test. */
export function setupFakeApi() {
  // Every portal screen keeps a live-updates socket open, which asks for a ticket before it connects.
  let socketTickets = 0;
  const defaults: Record<string, Resolver> = {
    "auth.socketTicket": () => ({ ticket: `wst_fake${++socketTickets}` }),
    // The sign-in pages ask which single sign-on buttons to show: none unless a test says otherwise.
    "auth.ssoProviders": () => [],
    // A ticket's comment pages (architecture.md §8) hold, in one page, the comments its ticket answers with, as the
    // server's do, unless a test says otherwise.
    "clientPortal.commentPage": (input: { id: string }) => commentsOf("clientPortal.ticket", input.id),
    "tickets.commentPage": (input: { id: string }) => commentsOf("tickets.get", input.id),
  };
  let procedures: Record<string, Resolver> = { ...defaults };
  async function commentsOf(ticketPath: string, id: string) {
    const ticket = (await procedures[ticketPath]?.({ id })) as { comments?: unknown[] } | undefined;
    const comments = ticket?.comments ?? [];
    return { comments, nextCursor: null, total: comments.length };
  }
  const calls: FakeCall[] = [];

  const server = setupServer(
    http.all("*/trpc/:paths", async ({ request, params }) => {
      const paths = String(params.paths).split(",");
      const url = new URL(request.url);
      // Queries come batched (inputs keyed by position); mutations one per request (the input itself).
      const batched = url.searchParams.has("batch");
      const sent: unknown =
        request.method === "GET"
          ? JSON.parse(url.searchParams.get("input") ?? "{}")
          : await request.json().catch(() => undefined);
      const inputs = (batched ? (sent ?? {}) : { 0: sent }) as Record<string, unknown>;
      const results = await Promise.all(
        paths.map(async (path, index) => {
          const input = inputs[index];
          calls.push({ path, input });
          const resolver = procedures[path];
          try {
            if (!resolver) throw new FakeApiError("NOT_FOUND", `No fake for ${path}`);
            return { result: { data: await resolver(input) } };
          } catch (error) {
            const code = error instanceof FakeApiError ? error.code : "INTERNAL_SERVER_ERROR";
            const httpStatus = HTTP_STATUS[code] ?? 500;
            return {
              error: {
                message: (error as Error).message,
                code: TRPC_ERROR_CODES_BY_KEY[code],
                data: { code, httpStatus, path, ...(error instanceof FakeApiError ? error.data : {}) },
              },
            };
          }
        }),
      );
      const statuses = results.map((r) => (r.error ? r.error.data.httpStatus : 200));
      const status = statuses.every((s) => s === statuses[0]) ? statuses[0]! : 207;
      return HttpResponse.json(batched ? results : results[0], { status });
    }),
    // The live-updates socket every portal screen opens (above): accepted, and silent unless a test
    // plays messages on a socket of its own (test/fake-socket.ts). Unanswered, msw logs it as an error.
    liveUpdates.addEventListener("connection", () => {}),
  );

  beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
  afterEach(() => {
    // Toasts live in a module-level store that outlives the rendered app; one left visible would queue
    // the next test's toast behind it (one toast at a time).
    notifications.clean();
    notifications.cleanQueue();
    server.resetHandlers();
    procedures = { ...defaults };
    calls.length = 0;
  });
  afterAll(() => server.close());

  return {
    server,
    calls,
    /** Answers `path` (e.g. "devices.list") with the resolver's value, or the error it throws. */
    on(answers: Record<string, Resolver>) {
      procedures = { ...procedures, ...answers };
    },
    callsTo(path: string) {
      return calls.filter((call) => call.path === path);
    },
    /** A save went through: its success toast shows, and the first call to `path` sent `input`. */
    async expectSaved(toast: string, path: string, input: unknown) {
      expect(await screen.findByText(toast)).toBeTruthy();
      expect(calls.find((call) => call.path === path)?.input).toEqual(input);
    },
  };
}
