// Sessions as the Lucia guide describes them (lucia-auth.com, "Sessions"): the client holds a random token,
// the database holds only its SHA-256 hash, expiry slides forward with use, and logout or deactivation
// deletes the rows. The lucia package itself is deprecated by its authors in favour of this guide.
import { createHash } from "node:crypto";
import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";
import { and, columnsOf, desc, eq, ne } from "@repo/db";
import { sessions, users, type DbExecutor } from "@repo/db";
import { isoTimestamp, type Role } from "@repo/validators";
import { z } from "zod";
import type { EventBus } from "../events.js";
import { deleteExpiredRows } from "../lib/expired-rows.js";
import { log } from "../logger.js";
import { type SessionCache, sessionCacheOf } from "./session-cache.js";

const DAY_MS = 86_400_000;
export const SESSION_TTL_MS = 30 * DAY_MS;
/** Past half its life a session used again is extended, so active users stay signed in. */
const SESSION_RENEW_MS = 15 * DAY_MS;
/** "Last used" is kept to within this, so that a request writes to the session row at most this often. */
const LAST_USED_PRECISION_MS = 5 * 60_000;
export const SESSION_COOKIE = "session";

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  role: Role;
  clientId: string | null;
}

export interface Session {
  id: string;
  userId: string;
  expiresAt: Date;
}

export function generateSessionToken(): string {
  const bytes = new Uint8Array(20);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

/**
 * The SHA-256 of a secret (its UTF-8 bytes) in hex: what the database keeps instead of a token or a socket
 * ticket. Node's own hash, not a JavaScript one: it runs on every request, and took a tenth of auth.me's CPU.
 */
export function hashSecret(secret: string): string {
  return createHash("sha256").update(secret, "utf8").digest("hex");
}

/** The stored id: looking a session up by hash is the guide's constant-time-safe comparison. */
export function sessionIdFromToken(token: string): string {
  return hashSecret(token);
}

/** Where a session was opened: shown to its person in My account. */
export interface SessionOrigin {
  userAgent?: string | null;
  ip?: string | null;
}

export async function createSession(
  db: DbExecutor,
  token: string,
  userId: string,
  origin: SessionOrigin = {},
): Promise<Session> {
  const session = {
    id: sessionIdFromToken(token),
    userId,
    expiresAt: new Date(Date.now() + SESSION_TTL_MS),
  };
  await db.insert(sessions).values({
    ...session,
    userAgent: origin.userAgent?.slice(0, 300) ?? null,
    ipAddress: origin.ip ?? null,
    // Signing in is proving who one is: sudo mode starts with the session (auth/sudo.ts).
    reauthenticatedAt: new Date(),
  });
  return session;
}

export interface SessionAuth {
  session: Session;
  user: SessionUser;
}

/** Tokens are 32 base32 characters; anything else cannot be one of ours (a socket ticket has a prefix). */
const isSessionToken = (token: string): boolean => /^[a-z2-7]{32}$/.test(token);

/** With a cache (auth/session-cache.ts), a session checked a moment ago is not looked up again. */
export async function validateSessionToken(
  db: DbExecutor,
  token: string,
  cache?: SessionCache,
): Promise<SessionAuth | null> {
  if (!isSessionToken(token)) return null;
  const sessionId = sessionIdFromToken(token);
  return cache ? cache.validate(sessionId, () => validateSession(db, sessionId)) : validateSession(db, sessionId);
}

/**
 * The session and its user, or null when the session is gone, has expired or its user is deactivated
 * (the last two are deleted on the way). A database failure throws: it says nothing about the session.
 */
export async function validateSession(db: DbExecutor, sessionId: string): Promise<SessionAuth | null> {
  const rows = await db
    .select({
      session: { id: sessions.id, userId: sessions.userId, expiresAt: sessions.expiresAt },
      lastUsedAt: sessions.lastUsedAt,
      user: columnsOf(users, ["id", "name", "email", "role", "clientId", "active"]),
    })
    .from(sessions)
    .innerJoin(users, eq(sessions.userId, users.id))
    .where(eq(sessions.id, sessionId));
  const row = rows[0];
  if (!row) return null;
  const { session, user, lastUsedAt } = row;
  if (Date.now() >= session.expiresAt.getTime() || !user.active) {
    await db.delete(sessions).where(eq(sessions.id, sessionId));
    return null;
  }
  const renew = Date.now() >= session.expiresAt.getTime() - SESSION_RENEW_MS;
  if (renew) session.expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  if (renew || Date.now() - lastUsedAt.getTime() >= LAST_USED_PRECISION_MS) {
    await db
      .update(sessions)
      .set({ expiresAt: session.expiresAt, lastUsedAt: new Date() })
      .where(eq(sessions.id, sessionId));
  }
  const { active: _active, ...sessionUser } = user;
  return { session, user: sessionUser };
}

export async function invalidateSession(db: DbExecutor, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends every session of a user: on deactivation, role change and password reset. */
export async function invalidateUserSessions(db: DbExecutor, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** Ends every session of the person but `kept` (the one asking); returns how many ended. */
export async function deleteOtherSessions(db: DbExecutor, kept: Session): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, kept.userId), ne(sessions.id, kept.id)))
    .returning({ id: sessions.id });
  return ended.length;
}

/** A session as My account lists it. */
export const sessionSchema = z.object({
  id: z.string(),
  createdAt: isoTimestamp(),
  lastUsedAt: isoTimestamp(),
  expiresAt: isoTimestamp(),
  userAgent: z.string().nullable(),
  ipAddress: z.string().nullable(),
  /** The session this request came with. */
  current: z.boolean(),
});

/** The person's sessions that have not expired, most recently used first; `current` is the one asking. */
export async function liveSessionsOf(db: DbExecutor, current: Session): Promise<z.infer<typeof sessionSchema>[]> {
  const rows = await db
    .select()
    .from(sessions)
    .where(eq(sessions.userId, current.userId))
    .orderBy(desc(sessions.lastUsedAt), desc(sessions.createdAt));
  return rows
    .filter((s) => s.expiresAt.getTime() > Date.now())
    .map((s) => ({
      id: s.id,
      createdAt: s.createdAt.toISOString(),
      lastUsedAt: s.lastUsedAt.toISOString(),
      expiresAt: s.expiresAt.toISOString(),
      userAgent: s.userAgent,
      ipAddress: s.ipAddress,
      current: s.id === current.id,
    }));
}

/**
 * Tells every instance that sessions ended, after the deleting transaction committed, so their open
 * WebSockets close at once rather than at the next recheck. A failing bus never fails the request: the
 * recheck (server/ws.ts) still closes those sockets within a minute.
 */
export async function announceSessionsEnded(
  bus: EventBus,
  ended: { sessionId: string } | { userId: string; keptSessionId?: string },
): Promise<void> {
  // This instance forgets them first: its cache must not outlive them even if the bus fails.
  sessionCacheOf(bus).forget(ended);
  try {
    await bus.publish({ type: "session.ended", ...ended });
  } catch (error) {
    log.error({ err: error }, "announcing ended sessions failed");
  }
}

export const deleteExpiredSessions = (db: DbExecutor) => deleteExpiredRows(db, sessions, sessions.expiresAt);

export function sessionCookie(token: string, expiresAt: Date, secure: boolean): string {
  return [
    `${SESSION_COOKIE}=${token}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Lax",
    `Expires=${expiresAt.toUTCString()}`,
    secure ? "Secure" : "",
  ]
    .filter(Boolean)
    .join("; ");
}

export function blankSessionCookie(secure: boolean): string {
  return [`${SESSION_COOKIE}=`, "Path=/", "HttpOnly", "SameSite=Lax", "Max-Age=0", secure ? "Secure" : ""]
    .filter(Boolean)
    .join("; ");
}

/** The token of an `Authorization: Bearer` header; null without one (an API key is only ever sent so). */
export function bearerToken(headers: Headers): string | null {
  const auth = headers.get("authorization");
  return auth?.toLowerCase().startsWith("bearer ") ? auth.slice(7).trim() || null : null;
}

/** Reads the token from `Authorization: Bearer` first, then from the session cookie. */
export function tokenFromRequest(headers: Headers): string | null {
  // A Bearer header decides, even an empty one: the cookie is not read behind it.
  if (headers.get("authorization")?.toLowerCase().startsWith("bearer ")) return bearerToken(headers);
  const cookie = headers.get("cookie");
  if (!cookie) return null;
  for (const part of cookie.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === SESSION_COOKIE) return rest.join("=") || null;
  }
  return null;
}
