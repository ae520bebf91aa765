// Domain events (docs/architecture.md, "Live updates"). Procedures publish; the WebSocket hub and the mailer subscribe.
// The bus is an interface so that PostgreSQL LISTEN/NOTIFY can carry events across instances.
import type { DatabaseHandle } from "@repo/db";
import { log } from "./logger.js";

export type TicketEventType = "ticket.created" | "ticket.updated" | "comment.created" | "sla.state";
/**
 * Ticket events reach the WebSocket hub, which forwards them to the sockets allowed to see them.
 * `session.ended` is internal to the server and never forwarded: sessions ended, one at logout
 * (`sessionId`) or all of a user's when deactivated, given another role or a new password (`userId`),
 * and every instance's hub closes their sockets at once.
 */
export type DomainEventType = TicketEventType | "session.ended";

export interface DomainEvent {
  type: DomainEventType;
  ticketId?: string;
  /** The company the ticket belongs to: clients only receive their own company's events. */
  clientId?: string;
  /** Internal (staff-only) events never reach a client. */
  internal?: boolean;
  /** session.ended: every session of this user ended. */
  userId?: string;
  /** session.ended: this session ended. */
  sessionId?: string;
  /** session.ended with userId: this one session of the user goes on (a password changed in it). */
  keptSessionId?: string;
}

export interface EventBus {
  publish(event: DomainEvent): Promise<void>;
  subscribe(fn: (event: DomainEvent) => void): () => void;
  close(): Promise<void>;
}

/** Delivers events within this process. */
export function createLocalBus(): EventBus {
  const listeners = new Set<(event: DomainEvent) => void>();
  return {
    async publish(event) {
      for (const fn of listeners) {
        try {
          fn(event);
        } catch (error) {
          log.error({ err: error }, "event listener failed");
        }
      }
    },
    subscribe(fn) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    async close() {
      listeners.clear();
    },
  };
}

const CHANNEL = "domain_events";

/**
 * Carries events through PostgreSQL NOTIFY so that every instance's sockets hear every change.
 * The payload holds ids only (NOTIFY caps payloads at 8000 bytes).
 */
export async function createDatabaseBus(handle: DatabaseHandle): Promise<EventBus> {
  const local = createLocalBus();
  const unlisten = await handle.listen(CHANNEL, (payload) => {
    try {
      void local.publish(JSON.parse(payload) as DomainEvent);
    } catch {
      // A malformed payload from another writer is ignored rather than crashing the listener.
    }
  });
  return {
    async publish(event) {
      await handle.notify(CHANNEL, JSON.stringify(event));
    },
    subscribe: local.subscribe,
    async close() {
      await unlisten();
      await local.close();
    },
  };
}
