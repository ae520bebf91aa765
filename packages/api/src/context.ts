// The request context: the long-lived services, what the request says about itself, and who is calling.
// Built once per request by the HTTP edge (server/http.ts); the procedure kinds in trpc.ts narrow it.
import type { Database, DatabaseHandle } from "@repo/db";
import type { Config } from "./config.js";
import type { DNSResolver } from "./mail/inbound/sender-auth.js";
import type { FileStore } from "./files/store.js";
import type { EventBus } from "./events.js";
import type { Assistant } from "./assistant/types.js";
import {
  bearerToken,
  tokenFromRequest,
  validateSessionToken,
  type Session,
  type SessionAuth,
  type SessionUser,
} from "./auth/session.js";
import { sessionCacheOf } from "./auth/session-cache.js";
import { scopeOf, type CompanyScope, type StaffScope } from "./auth/scope.js";
import {
  API_KEY_NOT_ALLOWED,
  type ApiKeyCaller,
  apiKeyScope,
  apiKeyUser,
  authenticateApiKey,
} from "./api-keys/caller.js";
import { isApiKeyToken } from "./api-keys/keys.js";
import { ForbiddenError } from "./errors.js";

/** Long-lived things every request may use. */
export interface AppServices {
  database: DatabaseHandle;
  db: Database;
  bus: EventBus;
  config: Config;
  assistant: Assistant;
  /** Mail originals and attachments (files/store.ts). */
  files: FileStore;
  /** Where mail-in looks up DKIM keys; DNS when unset (tests serve their own key). */
  dkimResolver?: DNSResolver;
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
    /** The signed-in caller's scope (auth/scope.ts); null for a visitor. */
    scope: CompanyScope | StaffScope | null;
    /**
     * The API key the request carries (decision 0045), or null. With a key, `user` and `scope` stand for
     * it (api-keys/caller.ts) and `session` is null; trpc.ts lets it reach only the operations its
     * scopes name.
     */
    apiKey: ApiKeyCaller | null;
  };

/** The context of a signed-in caller (protectedProcedure and the kinds built on it). */
export type ProtectedContext = Context & { user: SessionUser; session: Session };

/** `authenticate` finds the caller's session: by default from the request's Bearer header or cookie. */
export async function createContext(
  services: AppServices,
  request: RequestInfo,
  authenticate: () => Promise<SessionAuth | null> = async () => {
    const token = tokenFromRequest(request.headers);
    return token ? validateSessionToken(services.db, token, sessionCacheOf(services.bus)) : null;
  },
  /** Only the procedures' routes take an API key; a plain route (a file, a stream) refuses it. */
  options: { acceptsApiKeys?: boolean } = {},
): Promise<Context> {
  // A key in the Bearer header (never a cookie) is told from a session token by its mark.
  const token = bearerToken(request.headers);
  if (token && isApiKeyToken(token)) {
    if (!options.acceptsApiKeys) throw new ForbiddenError(API_KEY_NOT_ALLOWED, "API_KEY_NOT_ALLOWED");
    const apiKey = await authenticateApiKey(services.db, token);
    return Object.assign({}, services, request, {
      user: apiKeyUser(apiKey),
      session: null,
      scope: apiKeyScope(apiKey),
      apiKey,
    });
  }
  const auth = await authenticate();
  const user = auth?.user ?? null;
  // Object.assign, not `{ ...services, ...request, user }`: V8 builds that spread-then-add slowly, about
  // 10 µs a request (docs/decisions/0021-patched-dependencies.md).
  return Object.assign({}, services, request, {
    user,
    session: auth?.session ?? null,
    scope: user && (user.role !== "CLIENT" || user.clientId) ? scopeOf(user) : null,
    apiKey: null,
  });
}
