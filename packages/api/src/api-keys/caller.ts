// A request that carries an API key (decision 0045): the key is checked, counted against its own rate
// limit and turned into the caller the procedure kinds already know, a user and a scope, so that every
// existing procedure runs unchanged for it. What a key may reach is decided apart from that, by the gate
// in trpc.ts: only operations whose meta names a key scope, and only with that scope.
import { and, apiKeys, eq, isNull, lt, or, sql, users, type DbExecutor } from "@repo/db";
import type { ApiKeyScope } from "@repo/validators";
import type { CompanyScope, StaffScope } from "../auth/scope.js";
import { hashSecret, type SessionUser } from "../auth/session.js";
import { hit, type Limit, retryAfterSeconds } from "../auth/rate-limit.js";
import { ForbiddenError, TooManyRequestsError, UnauthorizedError } from "../errors.js";

/** A key's own budget, apart from every other key and person: a busy integration cannot starve another. */
export const API_KEY_LIMIT: Limit = { max: 600, windowMs: 60_000 };

/** "Last used" is kept to within this, so that a busy key writes its row at most once a minute. */
const LAST_USED_PRECISION_MS = 60_000;

export interface ApiKeyCaller {
  id: string;
  name: string;
  scopes: readonly ApiKeyScope[];
  /** The one company the key reaches, or null for every company. */
  clientId: string | null;
  /** The admin who made it: rows the key writes name them as actor, under the key's own name. */
  createdBy: string;
}

/** The refusal of every operation a key may not call: a procedure without a key scope, or a plain route. */
export const API_KEY_NOT_ALLOWED = "API keys cannot call this operation";

/** The name a key's writes are audited under (the ticket history's "who"). */
export const apiKeyActorName = (key: Pick<ApiKeyCaller, "name">) => `API key ${key.name}`;

/**
 * The key of `token`, checked: unknown, revoked, expired, or made by someone who is no longer an active
 * ADMIN is a 401; past its rate limit a 429 with Retry-After.
 */
export async function authenticateApiKey(db: DbExecutor, token: string): Promise<ApiKeyCaller> {
  const [row] = await db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      scopes: apiKeys.scopes,
      clientId: apiKeys.clientId,
      createdBy: apiKeys.createdBy,
      expiresAt: apiKeys.expiresAt,
      revokedAt: apiKeys.revokedAt,
      lastUsedAt: apiKeys.lastUsedAt,
      creatorActive: users.active,
      creatorRole: users.role,
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.createdBy))
    .where(eq(apiKeys.secretHash, hashSecret(token)));
  const now = Date.now();
  if (!row) throw new UnauthorizedError("Unknown API key");
  if (row.revokedAt) throw new UnauthorizedError("This API key was revoked");
  if (row.expiresAt && row.expiresAt.getTime() <= now) throw new UnauthorizedError("This API key has expired");
  // A key never outlives its maker's authority: an admin who leaves or is demoted takes their keys along.
  if (!row.creatorActive || row.creatorRole !== "ADMIN") {
    throw new UnauthorizedError("This API key's creator is no longer an active administrator");
  }
  const window = await hit(db, `api-key:${row.id}`, API_KEY_LIMIT);
  if (window.count > API_KEY_LIMIT.max) {
    throw new TooManyRequestsError("Too many requests with this API key", retryAfterSeconds(window));
  }
  if (!row.lastUsedAt || now - row.lastUsedAt.getTime() >= LAST_USED_PRECISION_MS) {
    // Conditional, so that of several instances answering at once only one writes within the minute.
    await db
      .update(apiKeys)
      .set({ lastUsedAt: sql`now()` })
      .where(
        and(
          eq(apiKeys.id, row.id),
          or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, new Date(now - LAST_USED_PRECISION_MS))),
        ),
      );
  }
  return { id: row.id, name: row.name, scopes: row.scopes, clientId: row.clientId, createdBy: row.createdBy };
}

/**
 * The key as the procedure kinds see a caller: a writer on staff's side (AGENT), named "API key <name>",
 * whose id is its maker's so that the rows it writes (audit, comments) refer to a real person.
 */
export function apiKeyUser(key: ApiKeyCaller): SessionUser {
  return { id: key.createdBy, name: apiKeyActorName(key), email: "", role: "AGENT", clientId: key.clientId };
}

/** A key bound to a company reaches that company's rows like a client; an unbound one every company's. */
export function apiKeyScope(key: ApiKeyCaller): CompanyScope | StaffScope {
  return key.clientId
    ? { kind: "company", clientId: key.clientId, userId: key.createdBy, apiKeyId: key.id }
    : { kind: "staff", userId: key.createdBy, role: "AGENT", apiKeyId: key.id };
}

/**
 * The gate every procedure passes (trpc.ts): a key reaches only an operation that names a key scope, and
 * only when it holds that scope.
 */
export function requireKeyScope(key: ApiKeyCaller, needed: ApiKeyScope | undefined): void {
  if (!needed) throw new ForbiddenError(API_KEY_NOT_ALLOWED, "API_KEY_NOT_ALLOWED");
  if (!key.scopes.includes(needed)) {
    throw new ForbiddenError(`This API key lacks the scope ${needed}`, "API_KEY_SCOPE_MISSING");
  }
}

/** An operation only a key may call (POST /api/alerts): a person is refused, a visitor asked to authenticate. */
export function requireApiKey(key: ApiKeyCaller | null, signedIn: boolean): ApiKeyCaller {
  if (key) return key;
  if (signedIn) throw new ForbiddenError("This operation takes an API key, not a session");
  throw new UnauthorizedError("Send an API key as Authorization: Bearer <key>");
}
