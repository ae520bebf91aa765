// One-time socket tickets (docs/decisions/0007-socket-tickets.md). Browsers cannot set headers on a
// WebSocket, so its credential travels in the URL (`/ws?token=`), where proxy and access logs keep it.
// The web app therefore puts a ticket there that opens one socket, within 30 seconds, on any instance,
// rather than its 30-day session token. Session tokens keep working there for outside callers
// (docs/product-spec.md §7). As for sessions, the database holds only each ticket's SHA-256.
import { eq, lt, socketTickets, sql, type DbExecutor } from "@repo/db";
import {
  generateSessionToken,
  hashSecret,
  validateSession,
  validateSessionToken,
  type SessionAuth,
} from "./session.js";

export const SOCKET_TICKET_TTL_SECONDS = 30;
/** A session token is 32 base32 characters; the prefix tells a ticket apart by its look alone. */
const TICKET_PREFIX = "wst_";

export const isSocketTicket = (token: string): boolean => /^wst_[a-z2-7]{32}$/.test(token);

/** A new ticket for the session. Its lifetime runs on the database's clock, which every instance shares. */
export async function issueSocketTicket(db: DbExecutor, sessionId: string): Promise<string> {
  const ticket = TICKET_PREFIX + generateSessionToken();
  await db.insert(socketTickets).values({
    id: hashSecret(ticket),
    sessionId,
    expiresAt: sql`now() + make_interval(secs => ${SOCKET_TICKET_TTL_SECONDS})`,
  });
  return ticket;
}

/**
 * The session id the ticket was issued for, or null. One DELETE ... RETURNING spends the ticket, so of
 * two attempts (on any instances) only one gets the row; an expired ticket is spent and refused.
 */
export async function redeemSocketTicket(db: DbExecutor, ticket: string): Promise<string | null> {
  if (!isSocketTicket(ticket)) return null;
  const [row] = await db
    .delete(socketTickets)
    .where(eq(socketTickets.id, hashSecret(ticket)))
    .returning({ sessionId: socketTickets.sessionId, live: sql<boolean>`${socketTickets.expiresAt} > now()` });
  return row?.live ? row.sessionId : null;
}

/** The credential of `/ws?token=`: a socket ticket (the web app) or a session token (outside callers). */
export async function authenticateSocket(db: DbExecutor, token: string): Promise<SessionAuth | null> {
  if (!isSocketTicket(token)) return validateSessionToken(db, token);
  const sessionId = await redeemSocketTicket(db, token);
  return sessionId ? validateSession(db, sessionId) : null;
}

export async function deleteExpiredSocketTickets(db: DbExecutor): Promise<number> {
  const rows = await db
    .delete(socketTickets)
    .where(lt(socketTickets.expiresAt, sql`now()`))
    .returning({ id: socketTickets.id });
  return rows.length;
}
