// Domain errors: what went wrong, in the domain's words. Domain code (tickets, devices, the assistant,
// sign-in) throws these and never imports tRPC or Hono; the procedure layer (trpc.ts) and the HTTP edge
// (server/http.ts) translate them, each in one place. Their codes are tRPC's names for the same
// outcomes, so the translation is a lookup rather than a second vocabulary.
import { isDatabaseUnavailable, isUniqueViolation } from "@repo/db";
import type { ZodError } from "zod";

export type DomainErrorCode =
  | "BAD_REQUEST"
  | "UNAUTHORIZED"
  | "FORBIDDEN"
  | "NOT_FOUND"
  | "CONFLICT"
  | "UNPROCESSABLE_CONTENT"
  | "PAYLOAD_TOO_LARGE"
  | "TOO_MANY_REQUESTS"
  | "SERVICE_UNAVAILABLE";

export class DomainError extends Error {
  /**
   * What a program should do about it, where the code alone does not say (`REAUTH_REQUIRED`): the REST
   * body's `code` and tRPC's `data.reason`.
   */
  reason?: string;

  constructor(
    readonly code: DomainErrorCode,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** Input that breaks a rule (400). With a ZodError as cause, the response lists its issues. */
export class InvalidError extends DomainError {
  constructor(message: string, options?: ErrorOptions) {
    super("BAD_REQUEST", message, options);
  }

  /** The messages of a zod failure, in order, as the forms show them. */
  static fromZod(error: ZodError): InvalidError {
    return new InvalidError(error.issues.map((i) => i.message).join(". "), { cause: error });
  }
}

export class UnauthorizedError extends DomainError {
  constructor(message = "Authentication required") {
    super("UNAUTHORIZED", message);
  }
}

/**
 * The password was right but the session waits for a second factor: a 401 that carries what the next
 * step needs, with a machine-readable reason (as OAuth servers answer `mfa_required`), so that a 200
 * from a sign-in always holds a session.
 */
export class SecondFactorRequiredError extends UnauthorizedError {
  readonly reason: "SECOND_FACTOR_REQUIRED" | "SECOND_FACTOR_ENROLMENT";

  constructor(
    readonly challenge: string,
    /** totp: a code completes the sign-in; enrol: the policy requires a factor the person sets up first. */
    readonly secondFactor: "totp" | "enrol",
  ) {
    super(secondFactor === "totp" ? SECOND_FACTOR_MESSAGES.totp : SECOND_FACTOR_MESSAGES.enrol);
    this.reason = secondFactor === "totp" ? "SECOND_FACTOR_REQUIRED" : "SECOND_FACTOR_ENROLMENT";
  }

  /** What the answer carries beside the message: the REST body's fields, the tRPC error's data. */
  get details() {
    return { code: this.reason, challenge: this.challenge, secondFactor: this.secondFactor };
  }
}

export const SECOND_FACTOR_MESSAGES = {
  totp: "Enter the code from your authenticator app to finish signing in.",
  enrol: "Set up two-factor authentication to finish signing in.",
};

export class ForbiddenError extends DomainError {
  constructor(message: string, reason?: string) {
    super("FORBIDDEN", message);
    this.reason = reason;
  }
}

/** A row that does not exist, or that the caller's company does not own: the two look the same. */
export class NotFoundError extends DomainError {
  constructor(message: string) {
    super("NOT_FOUND", message);
  }

  /** "User not found", "Mail not found": the one wording for a row that is missing or not the caller's. */
  static of(what: string): NotFoundError {
    return new NotFoundError(`${what} not found`);
  }
}

export class ConflictError extends DomainError {
  constructor(message: string) {
    super("CONFLICT", message);
  }
}

/**
 * Runs a write whose unique index has the last word on a value already taken (a name, a slug): a check
 * before the write answers the usual case, but two writes at the same instant both pass it, and the
 * index's refusal of the second must be the same 409 (`message`), not a 500.
 */
export async function conflictOnUnique<T>(message: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError(message);
    throw error;
  }
}

/**
 * An edit based on a version of the row that another write has since replaced (docs/architecture.md §8a):
 * nothing was written. `current` is the record as it is now, in the answer's own shape, so the caller can
 * show it; the procedure that knows that shape fills it in (routers/versions.ts).
 */
export class StaleVersionError extends ConflictError {
  current: unknown = undefined;
  constructor(what: string) {
    super(`This ${what} was changed by someone else. Review the current values and save again.`);
  }
}

/** Well-formed input that cannot be acted on as it stands (422): an alert naming no known company. */
export class UnprocessableError extends DomainError {
  constructor(message: string) {
    super("UNPROCESSABLE_CONTENT", message);
  }
}

/** A file or body over its size limit (413). */
export class TooLargeError extends DomainError {
  constructor(message: string) {
    super("PAYLOAD_TOO_LARGE", message);
  }
}

/** A limit was reached, or the database is briefly out of reach; the response carries Retry-After. */
export class TooManyRequestsError extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super("TOO_MANY_REQUESTS", message);
  }
}

/** The database is out of reach (an outage or a restart): a 503 the caller may retry, not a 500. */
export class UnavailableError extends DomainError {
  readonly retryAfterSeconds = 5;
  constructor(options?: ErrorOptions) {
    super("SERVICE_UNAVAILABLE", "The service is temporarily unavailable. Please try again in a moment.", options);
  }
}

/** Domain errors as they are, a database outage as UnavailableError, anything else null (a bug: a 500). */
export function asDomainError(error: unknown): DomainError | null {
  if (error instanceof DomainError) return error;
  return isDatabaseUnavailable(error) ? new UnavailableError({ cause: error }) : null;
}

/** The issues of a zod failure as the API reports them: each field's path and message, in order. */
export function zodIssues(error: ZodError): { path: string[]; message: string }[] {
  return error.issues.map((i) => ({ path: i.path.map(String), message: i.message }));
}
