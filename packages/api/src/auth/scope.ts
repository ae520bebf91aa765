// Whose rows a call may reach. Every domain function that reads or writes a client company's data takes a
// Scope as a required parameter, so forgetting the company filter is a type error, not a review comment
// (CONTRIBUTING rule 1). There is no default and no "null means every company": reaching every company is
// a case of its own that a caller has to name.
import { eq, type PgColumn, type SQL } from "@repo/db";
import type { Role } from "@repo/validators";
import { ForbiddenError } from "../errors.js";
import type { SessionUser } from "./session.js";

/** A CLIENT user: its own company's rows and nothing else. */
export interface CompanyScope {
  kind: "company";
  clientId: string;
  userId: string;
  /** Set when the caller is an API key bound to this company (api-keys/caller.ts); userId is its maker. */
  apiKeyId?: string;
}

/** A staff member (ADMIN, AGENT, VIEWER): every company's rows; what they may change is the role's rule. */
export interface StaffScope {
  kind: "staff";
  userId: string;
  role: Exclude<Role, "CLIENT">;
  /**
   * Set when the caller is an unbound API key (api-keys/caller.ts): userId is its maker, and what it may
   * do was decided by its scopes at the procedure gate (trpc.ts), not by `role`.
   */
  apiKeyId?: string;
}

/**
 * A caller without a company or a person: the public form, mail-in, sweeps and jobs, the seed and the
 * command line. It reaches every company, so it is only ever built by name where such a caller starts.
 */
export interface SystemScope {
  kind: "system";
  via: SystemCaller;
}

export type SystemCaller = "public-form" | "mail-in" | "job" | "seed" | "cli" | "alerts" | "status-page";

export type Scope = CompanyScope | StaffScope | SystemScope;

export const systemScope = (via: SystemCaller): SystemScope => ({ kind: "system", via });

/** A signed-in user's scope; the context builds it once per request (context.ts). */
export function scopeOf(user: SessionUser): CompanyScope | StaffScope {
  if (user.role !== "CLIENT") return { kind: "staff", userId: user.id, role: user.role };
  if (!user.clientId) throw new ForbiddenError("This account has no company");
  return { kind: "company", clientId: user.clientId, userId: user.id };
}

/** A caller confined to a company (a CLIENT user), or the refusal every client-only route gives. */
export function requireCompanyScope(scope: Scope | null): CompanyScope {
  if (scope?.kind !== "company") throw new ForbiddenError("This is available to client accounts only");
  return scope;
}

/**
 * The company filter of a query, for its WHERE clause (or the row lock before a write): a company scope's
 * own company; nothing for staff and the system, who reach every company.
 */
export const companyFilter = (scope: Scope, column: PgColumn): SQL | undefined =>
  scope.kind === "company" ? eq(column, scope.clientId) : undefined;

/** The one company a scope is confined to, where a query is chosen rather than filtered (prepared statements). */
export const confinedClientId = (scope: Scope): string | undefined =>
  scope.kind === "company" ? scope.clientId : undefined;
