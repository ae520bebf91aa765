// The WebSocket hub: authenticates at upgrade, then forwards ticket events scoped by tenant.
// Staff receive every event; a CLIENT only its own company's, and never an internal one.
import type { Hono } from "hono";
import type { UpgradeWebSocket, WSContext } from "hono/ws";
import { requireUser } from "../auth/access.js";
import { validateSession, type SessionUser } from "../auth/session.js";
import { authenticateSocket } from "../auth/socket-tickets.js";
import type { DomainEvent } from "../events.js";
import type { Scope } from "../auth/scope.js";
import type { AppServices } from "../context.js";
import { requestContext, type AppEnv } from "./http.js";
import { log } from "../logger.js";
import { focusRecorder } from "../time/focus.js";
import { focusHeartbeatSchema } from "@repo/validators";

/**
 * Sessions are re-checked this often: a backstop, since a session that ends announces it on the bus and
 * its sockets close at once (`session.ended`).
 */
const RECHECK_MS = 60_000;
/** Closed for a session that ended: the client must not reconnect on its own (not 1000, see spec 4). */
export const WS_SESSION_ENDED = 4001;

interface Peer {
  ws: WSContext;
  user: SessionUser;
  /** null: a CLIENT account without a company, which receives nothing. */
  scope: Scope | null;
  sessionId: string;
}

export function canReceive(scope: Scope | null, event: DomainEvent): boolean {
  if (event.type === "session.ended") return false; // the server's own business
  if (!scope) return false;
  if (scope.kind !== "company") return true;
  return !event.internal && !!event.clientId && event.clientId === scope.clientId;
}

const endedBy = (peer: Peer, event: DomainEvent): boolean =>
  peer.sessionId === event.sessionId || (peer.user.id === event.userId && peer.sessionId !== event.keptSessionId);

/**
 * Checks every peer's session each `recheckMs`. Only a session that is gone, expired or whose user was
 * deactivated ends a socket. A failed check (the database briefly out of reach) says nothing about the
 * session: the socket stays, and the next round checks again. Closing would end live updates for
 * everyone, for good (no reconnect after 4001).
 */
function recheckSessions(
  services: AppServices,
  peers: Set<Peer>,
  end: (peer: Peer) => void,
  recheckMs: number,
): NodeJS.Timeout {
  let rechecking = false;
  const recheck = setInterval(async () => {
    if (rechecking) return; // a slow database must not pile rounds up
    rechecking = true;
    try {
      for (const peer of [...peers]) {
        const auth = await validateSession(services.db, peer.sessionId);
        if (!auth && peers.has(peer)) end(peer);
      }
    } catch (error) {
      log.warn({ err: error }, "WebSocket session recheck failed; sockets stay open until the next one");
    } finally {
      rechecking = false;
    }
  }, recheckMs);
  recheck.unref();
  return recheck;
}

export function mountWebSocket(
  app: Hono<AppEnv>,
  services: AppServices,
  upgradeWebSocket: UpgradeWebSocket,
  recheckMs = RECHECK_MS,
) {
  const peers = new Set<Peer>();

  const end = (peer: Peer) => {
    peers.delete(peer); // no event goes out between this and the close handshake's end
    peer.ws.close(WS_SESSION_ENDED, "Session ended");
  };

  const unsubscribe = services.bus.subscribe((event) => {
    if (event.type === "session.ended") {
      for (const peer of peers) if (endedBy(peer, event)) end(peer);
      return;
    }
    const message = JSON.stringify({ type: event.type, ...(event.ticketId ? { ticketId: event.ticketId } : {}) });
    for (const peer of peers) if (canReceive(peer.scope, event)) peer.ws.send(message);
  });

  const recheck = recheckSessions(services, peers, end, recheckMs);
  const focus = focusRecorder(services.db);
  /** A ticket page's focus heartbeat (time/focus.ts): only from people who record time. */
  const heartbeat = (peer: Peer, data: unknown) => {
    if (peer.scope?.kind !== "staff" || peer.user.role === "VIEWER" || typeof data !== "string") return;
    let message: unknown;
    try {
      message = JSON.parse(data);
    } catch {
      return;
    }
    const beat = focusHeartbeatSchema.safeParse(message);
    if (!beat.success) return;
    // A ticket deleted meanwhile fails the span's foreign key: nothing to record, nothing to tell.
    focus
      .beat(peer.user.id, beat.data.ticketId)
      .catch((error) => log.debug({ err: error }, "Focus heartbeat not recorded"));
  };

  // Browsers cannot set headers on a WebSocket, so the credential comes in the query string: a one-time
  // socket ticket from the web app, or a session token from an outside caller (auth/socket-tickets.ts).
  const authenticate = (c: { req: { query(name: string): string | undefined } }) =>
    authenticateSocket(services.db, c.req.query("token") ?? "");
  app.get(
    "/ws",
    requestContext(services, authenticate),
    async (c, next) => {
      requireUser((await c.var.context()).user); // a bad credential is a 401 on the upgrade, not a socket
      return next();
    },
    upgradeWebSocket(async (c) => {
      const context = await c.var.context();
      const user = requireUser(context.user);
      const sessionId = context.session!.id;
      let peer: Peer | undefined;
      return {
        onOpen(_event, ws) {
          peer = { ws, user, scope: context.scope, sessionId };
          peers.add(peer);
        },
        onMessage(event, ws) {
          if (event.data === "ping") ws.send("pong");
          else if (peer) heartbeat(peer, event.data);
        },
        onClose() {
          if (peer) peers.delete(peer);
        },
      };
    }),
  );

  return {
    get size() {
      return peers.size;
    },
    close() {
      clearInterval(recheck);
      unsubscribe();
      for (const peer of peers) peer.ws.close(1001, "Server shutting down");
      peers.clear();
    },
  };
}
