// The tRPC instance, the request context and the procedure kinds. Every procedure is one of these kinds,
// so who may call it is decided here once, before any business logic runs.
import { initTRPC, TRPCError } from "@trpc/server";
import type { OpenApiMeta } from "trpc-to-openapi";
import { ZodError } from "zod";
import type { Database, DatabaseHandle } from "@repo/db";
import type { Config } from "./config.js";
import type { EventBus } from "./events.js";
import type { Assistant } from "./assistant/types.js";
import { tokenFromRequest, validateSessionToken, type Session, type SessionUser } from "./auth/session.js";

/** Long-lived things every request may use. */
export interface AppServices {
  database: DatabaseHandle;
  db: Database;
  bus: EventBus;
  config: Config;
  assistant: Assistant;
}

export interface RequestInfo {
  headers: Headers;
  /** The caller's address, for rate limits. */
  ip: string;
  /** Headers the procedure wants on the response (set-cookie, retry-after). */
  resHeaders: Headers;
}

export type Context = AppServices &
  RequestInfo & {
    user: SessionUser | null;
    session: Session | null;
  };

export async function createContext(services: AppServices, request: RequestInfo): Promise<Context> {
  const token = tokenFromRequest(request.headers);
  const auth = token ? await validateSessionToken(services.db, token) : null;
  return { ...services, ...request, user: auth?.user ?? null, session: auth?.session ?? null };
}

/** The messages of a zod failure, in order, as the forms show them. */
export function zodIssues(error: ZodError) {
  return error.issues.map((i) => ({ path: i.path.map(String), message: i.message }));
}

const t = initTRPC
  .context<Context>()
  .meta<OpenApiMeta>()
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
          ...(ctx?.config.NODE_ENV === "development" && internal ? { stack: shape.data.stack } : {}),
        },
      };
    },
  });

export const createTRPCRouter = t.router;
export const createCallerFactory = t.createCallerFactory;
export const middleware = t.middleware;

export const publicProcedure = t.procedure;

export const protectedProcedure = t.procedure.use(({ ctx, next }) => {
  if (!ctx.user || !ctx.session) throw new TRPCError({ code: "UNAUTHORIZED", message: "Authentication required" });
  return next({ ctx: { ...ctx, user: ctx.user, session: ctx.session } });
});

/** A CLIENT user; `ctx.clientId` is its company, and every query it runs filters by it. */
export const clientProcedure = protectedProcedure.use(({ ctx, next }) => {
  if (ctx.user.role !== "CLIENT" || !ctx.user.clientId) {
    throw new TRPCError({ code: "FORBIDDEN", message: "This is available to client accounts only" });
  }
  return next({ ctx: { ...ctx, clientId: ctx.user.clientId } });
});

/** ADMIN and AGENT; a VIEWER may run queries (reporting) but never a mutation. */
export const staffProcedure = protectedProcedure.use(({ ctx, type, next }) => {
  const { role } = ctx.user;
  if (role === "CLIENT") throw new TRPCError({ code: "FORBIDDEN", message: "Staff access only" });
  if (role === "VIEWER" && type !== "query") {
    throw new TRPCError({ code: "FORBIDDEN", message: "Viewers have read-only access" });
  }
  return next({ ctx });
});

export const adminProcedure = protectedProcedure.use(({ ctx, next }) => {
  if (ctx.user.role !== "ADMIN") throw new TRPCError({ code: "FORBIDDEN", message: "Administrators only" });
  return next({ ctx });
});

/** Signals a 429 with a Retry-After header. */
export function tooManyRequests(ctx: Pick<Context, "resHeaders">, retryAfterSeconds: number, message: string): never {
  ctx.resHeaders.set("Retry-After", String(retryAfterSeconds));
  throw new TRPCError({ code: "TOO_MANY_REQUESTS", message });
}
