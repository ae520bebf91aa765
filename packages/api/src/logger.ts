// Structured logs (docs/architecture.md §16): pino, one JSON object a line in production, readable lines in
// development, as much as LOG_LEVEL asks for. Every line written while a request is served carries that
// request's id (AsyncLocalStorage), the id the client got in X-Request-Id and in an error body, so a
// person quoting it to support leads to every line of their request.
import { AsyncLocalStorage } from "node:async_hooks";
import { destination as pinoDestination, pino, type DestinationStream, type Level, type Logger } from "pino";
import pretty from "pino-pretty";

export type LogLevel = Level | "silent";

/** What a request carries through its handlers: its id, and the unexpected error it met, if any. */
export interface RequestScope {
  requestId: string;
  error?: unknown;
}

const requestScope = new AsyncLocalStorage<RequestScope>();

/**
 * Runs a request's handling with its id on every log line and error body written meanwhile; `scope.error`
 * holds what it met (reportError) once `handle` is done.
 */
export const inRequestScope = <T>(scope: RequestScope, handle: () => T): T => requestScope.run(scope, handle);

export const currentRequestId = (): string | undefined => requestScope.getStore()?.requestId;

/**
 * An unexpected error (a 5xx) met while serving a request goes on the request's own log line, so one line
 * says what was asked, who asked and what broke; outside a request it is logged at once.
 */
export function reportError(error: unknown, message: string): void {
  const scope = requestScope.getStore();
  if (scope) scope.error ??= error;
  else log.error({ err: error }, message);
}

/**
 * Secrets never reach a log line: these paths are censored wherever a caller passes such an object, on
 * top of the rule that request lines carry no headers, query strings or bodies at all.
 */
const REDACT = [
  "password",
  "token",
  "secret",
  "authorization",
  "cookie",
  "*.password",
  "*.token",
  "*.secret",
  "*.authorization",
  "*.cookie",
];

export interface LoggingOptions {
  level: LogLevel;
  /** Readable lines for a person at a terminal instead of JSON for a log collector. */
  pretty: boolean;
  /** Where lines go (a test's capture); standard output by default. */
  destination?: DestinationStream;
}

function createLogger({ level, pretty: readable, destination }: LoggingOptions): Logger {
  const options = {
    level,
    redact: { paths: REDACT, censor: "[redacted]" },
    mixin: () => {
      const requestId = currentRequestId();
      return requestId ? { requestId } : {};
    },
  };
  if (destination) return pino(options, destination);
  // Synchronous: a worker-thread transport would need its own entry file beside the server bundle.
  if (readable)
    return pino(options, pretty({ sync: true, singleLine: true, ignore: "pid,hostname", translateTime: "HH:MM:ss.l" }));
  // Asynchronous writes: a line waits for no syncing write of its own. Under load, the lines that come
  // while a write is under way go out together in the next; at rest each goes at once (no minLength to
  // fill first). pino flushes what is left when the process exits.
  return pino(options, pinoDestination({ dest: 1, sync: false }));
}

/** Before the configuration is read: info, JSON; test runs keep to warnings so their output stays readable. */
const defaults: LoggingOptions = { level: process.env.VITEST ? "warn" : "info", pretty: false };

/**
 * The process's logger. A live binding: `configureLogging` replaces it once the configuration is known,
 * and every module that imported it logs through the new one.
 */
export let log: Logger = createLogger(defaults);

export function configureLogging(options: Partial<LoggingOptions>): Logger {
  log = createLogger({ ...defaults, ...options });
  return log;
}
