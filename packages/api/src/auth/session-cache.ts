// Sessions this process checked a moment ago (docs/performance.md §3): every request looked its session up in the
// database, the one query of auth.me and the first of every other call. A session and its user are
// kept here for SESSION_CACHE_MS, keyed by the token's hash, so that a busy tab costs a lookup every
// few seconds rather than one a request.
//
// What must not change: a session that ends, ends at once, on every instance. Every place that ends
// sessions (sign-out, sign-out everywhere, a new password, deactivation, a new role or company, a reset
// second factor) announces it on the bus (announceSessionsEnded), which reaches every instance through
// LISTEN/NOTIFY; each drops those entries the moment the event arrives, and the announcing instance drops
// them before it publishes, so even a failing NOTIFY cannot keep them here. A lookup that was under way
// when sessions ended is not kept (the generation check), so it cannot put back what was just dropped.
// Were the LISTEN connection itself lost, an entry still lives no longer than SESSION_CACHE_MS.
import type { DomainEvent, EventBus } from "../events.js";

/** How long a checked session is believed without asking the database again. */
export const SESSION_CACHE_MS = 5_000;
/** Far above the sessions one process sees in five seconds; past it the cache starts over. */
const MAX_ENTRIES = 10_000;

/** A session and its user as auth/session.ts checks them (kept structural: that module uses this one). */
interface SessionAuth {
  session: { expiresAt: Date };
  user: { id: string };
}

interface Entry {
  auth: SessionAuth;
  until: number;
}

export interface SessionCache {
  /** The session and its user from the cache, or from `lookup` (the database) when not there or stale. */
  validate<T extends SessionAuth>(sessionId: string, lookup: () => Promise<T | null>): Promise<T | null>;
  /** Drops what these ended sessions left here. */
  forget(ended: Pick<DomainEvent, "sessionId" | "userId" | "keptSessionId">): void;
}

export function createSessionCache(ttlMs = SESSION_CACHE_MS): SessionCache {
  const entries = new Map<string, Entry>();
  let generation = 0;
  // Callers get their own objects: nothing a request does to its context reaches the next request.
  const copy = <T extends SessionAuth>(auth: T): T => ({
    ...auth,
    session: { ...auth.session },
    user: { ...auth.user },
  });
  return {
    async validate<T extends SessionAuth>(sessionId: string, lookup: () => Promise<T | null>) {
      const now = Date.now();
      const hit = entries.get(sessionId);
      if (hit && hit.until > now) return copy(hit.auth as T);
      if (hit) entries.delete(sessionId);
      const started = generation;
      const auth = await lookup();
      if (auth && started === generation) {
        if (entries.size >= MAX_ENTRIES) entries.clear();
        entries.set(sessionId, { auth: copy(auth), until: Math.min(now + ttlMs, auth.session.expiresAt.getTime()) });
      }
      return auth;
    },
    forget({ sessionId, userId, keptSessionId }) {
      generation++;
      if (sessionId) entries.delete(sessionId);
      if (userId) {
        for (const [id, entry] of entries) {
          if (entry.auth.user.id === userId && id !== keptSessionId) entries.delete(id);
        }
      }
    },
  };
}

const caches = new WeakMap<EventBus, SessionCache>();

/** The process's cache for the sessions behind this bus, listening to it for ended sessions. */
export function sessionCacheOf(bus: EventBus): SessionCache {
  let cache = caches.get(bus);
  if (!cache) {
    const created = createSessionCache();
    bus.subscribe((event) => {
      if (event.type === "session.ended") created.forget(event);
    });
    caches.set(bus, created);
    cache = created;
  }
  return cache;
}

/** A person's name or address changed: this process shows the new one at once (others within seconds). */
export function forgetUserOf(bus: EventBus, userId: string): void {
  caches.get(bus)?.forget({ userId });
}
