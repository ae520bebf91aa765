// The tRPC instance, the request context and the procedure kinds. Every procedure is one of these kinds,
// so who may call it is decided here once, before any business logic runs.
import { initTRPC, TRPCError } from "@trpc/server";
import type { OpenApiMeta, OpenApiMethod } from "trpc-to-openapi";
import { ZodError, type z } from "zod";
import type { Database } from "@repo/db";
import type { ApiKeyScope } from "@repo/validators";
import { requireKeyScope } from "./api-keys/caller.js";
import type { Context } from "./context.js";

import { requireAdmin, requireStaff, requireUser, requireWriter } from "./auth/access.js";
import { requireCompanyScope, scopeOf, type CompanyScope, type Scope, type StaffScope } from "./auth/scope.js";
import { asDomainError, DomainError, SecondFactorRequiredError, StaleVersionError, zodIssues } from "./errors.js";

/**
 * A procedure's meta: its REST route, and the API key scope that lets a key call it (decision 0045). An
 * operation without `keyScope` refuses every key, whatever its procedure kind lets a person do.
 */
export type AppMeta = OpenApiMeta & { keyScope?: ApiKeyScope };

const t = initTRPC
  .context<Context>()
  .meta<AppMeta>()
  .create({
    errorFormatter({ shape, error, ctx }) {
      const zodError = error.cause instanceof ZodError ? error.cause : null;
      const issues = zodError ? zodIssues(zodError) : undefined;
      const internal = error.code === "INTERNAL_SERVER_ERROR";
      return {
        ...shape,
        // The first failed rule's own message ("Title must be at least 5 characters") rather than a dump.
        message: issues ? issues.map((i) => i.message).join(". ") : internal ? "Internal server error" : shape.message,
        data: {
          code: shape.data.code,
          httpStatus: shape.data.httpStatus,
          path: shape.data.path,
          issues,
          reason: error.cause instanceof DomainError ? error.cause.reason : undefined,
          // A sign-in waiting for its second factor: the reason, the challenge and the kind of step.
          ...(error.cause instanceof SecondFactorRequiredError ? { secondStep: error.cause.details } : {}),
          // A stale edit's answer carries the record as it is now (docs/architecture.md §8a).
          ...(error.cause instanceof StaleVersionError ? { current: error.cause.current } : {}),
          ...(ctx?.config.NODE_ENV === "development" && internal ? { stack: shape.data.stack } : {}),
        },
      };
    },
  });

/**
 * A procedure's REST route (trpc-to-openapi), in one line:
 * `.meta(rest("GET", "/tickets/{id}", tags, "A ticket with its comments"))`. The document marks a route
 * as needing the bearer token unless it is given `{ protect: false }`, which the public procedures are.
 */
export const rest = (
  method: OpenApiMethod,
  path: `/${string}`,
  tags: string[],
  summary: string,
  options: { protect?: false; keyScope?: ApiKeyScope } = {},
): AppMeta => {
  const { keyScope, ...openapi } = options;
  const route = { method, path, tags, summary, ...openapi };
  if (!keyScope) return { openapi: route };
  // Said in words too, for readers of the reference; server/openapi.ts adds `x-required-scope`.
  return { openapi: { ...route, description: `API keys need the scope \`${keyScope}\`.` }, keyScope };
};

export const createTRPCRouter = t.router;
export const createCallerFactory = t.createCallerFactory;
export const middleware = t.middleware;

/**
 * The one place where domain errors become tRPC errors: a resolver (or the domain code it calls) throws
 * NotFoundError, ConflictError, ...; tRPC wraps anything thrown as INTERNAL_SERVER_ERROR with the original
 * as its cause, and this middleware unwraps it into the code the domain error names.
 */
const domainErrors = t.middleware(async ({ ctx, next }) => {
  const result = await next();
  // A record that carries its version answers it as its ETag too, for REST's If-Match (§8a).
  const version = result.ok ? (result.data as { version?: unknown } | null)?.version : undefined;
  if (typeof version === "number") ctx.resHeaders.set("ETag", `"${version}"`);
  const error = result.ok ? null : asDomainError(result.error.cause);
  if (!error) return result;
  if ("retryAfterSeconds" in error) ctx.resHeaders.set("Retry-After", String(error.retryAfterSeconds));
  throw toTRPCError(error);
});

export function toTRPCError(error: DomainError): TRPCError {
  return new TRPCError({ code: error.code, message: error.message, cause: error.cause ?? error });
}

/**
 * An API key is not a person: it reaches only an operation whose meta names a key scope it holds
 * (api-keys/caller.ts); every other one answers 403 before its own checks run. The second-factor policy
 * is a sign-in's and never applies to it.
 */
const apiKeyGate = t.middleware(({ ctx, meta, next }) => {
  if (ctx.apiKey) requireKeyScope(ctx.apiKey, meta?.keyScope);
  return next();
});

export const publicProcedure = t.procedure.use(domainErrors).use(apiKeyGate);

export const protectedProcedure = publicProcedure.use(({ ctx, next }) => {
  const user = requireUser(ctx.user);
  // Only what changes: tRPC lays it over the context itself.
  return next({ ctx: { user, session: ctx.session! } });
});

/**
 * A CLIENT user; `ctx.scope` is its company's scope (and `ctx.clientId` that company), and every domain
 * call it makes takes that scope.
 */
export const clientProcedure = protectedProcedure.use(({ ctx, next }) => {
  const scope = requireCompanyScope(ctx.scope);
  return next({ ctx: { scope, clientId: scope.clientId } });
});

/** Any signed-in user, clients and staff alike (the device inventory); a VIEWER never writes. */
export const clientOrStaffProcedure = protectedProcedure.use(({ ctx, type, next }) => {
  if (type !== "query") requireWriter(ctx.user);
  return next({ ctx: { scope: ctx.scope ?? scopeOf(ctx.user) } });
});

/** ADMIN and AGENT; a VIEWER may run queries (reporting) but never a mutation. */
export const staffProcedure = clientOrStaffProcedure.use(({ ctx, next }) => {
  requireStaff(ctx.user);
  return next({ ctx: { scope: ctx.scope as StaffScope } });
});

export const adminProcedure = protectedProcedure.use(({ ctx, next }) => {
  requireAdmin(ctx.user);
  return next({ ctx: { scope: ctx.scope as StaffScope } });
});

/**
 * The queries of one procedure kind, declared so (CONTRIBUTING rule 1): `read` is handed the database, the
 * kind's narrowed scope and the parsed input, and nothing else of the session, so no input can widen what
 * it reads. `query` takes an input; `read` takes nothing but the session.
 */
function scopedQueries<S extends Scope>(procedure: typeof clientOrStaffProcedure) {
  const query = <In, Out, T>(
    meta: AppMeta,
    input: z.ZodType<Out, In>,
    output: z.ZodType<T>,
    read: (db: Database, scope: S, input: Out) => Promise<T>,
  ) =>
    procedure
      .meta(meta)
      .input(input)
      .output(output)
      // `input` as `Out`: tRPC keeps the parsed input's type unresolved while `Out` is a type parameter.
      .query(({ ctx, input }) => read(ctx.db, ctx.scope as S, input as Out));
  const readOnly = <T>(meta: AppMeta, output: z.ZodType<T>, read: (db: Database, scope: S) => Promise<T>) =>
    procedure
      .meta(meta)
      .output(output)
      .query(({ ctx }) => read(ctx.db, ctx.scope as S));
  return { query, read: readOnly };
}

/** The client portal's queries: `scope` is the session's company. */
export const { query: companyQuery, read: companyRead } = scopedQueries<CompanyScope>(clientProcedure);
/** The device inventory's queries: a client's own company, or every company for staff. */
export const { query: clientOrStaffQuery } = scopedQueries<Scope>(clientOrStaffProcedure);
/** The staff desk's queries. */
export const { query: staffQuery, read: staffRead } = scopedQueries<StaffScope>(staffProcedure);

/** Turns a domain read by id, `(db, scope, id)`, into a query's `read` over an `{ id }` input. */
export const byId =
  <S, T>(read: (db: Database, scope: S, id: string) => Promise<T>) =>
  (db: Database, scope: S, input: { id: string }) =>
    read(db, scope, input.id);
