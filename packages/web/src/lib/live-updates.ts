// Live updates (docs/product-spec.md §4, docs/architecture.md "Live updates"): one WebSocket to /ws?token=... (wss on https)
// once signed in, reopened 3 s after any close other than a normal one (1000). Messages name what changed;
// the screens decide what to refetch (use-client-live-updates, use-staff-live-updates). The `token` in the
// URL is a one-time socket ticket fetched before each connection, never the stored session token, which
// proxy logs would keep (docs/decisions/0007-socket-tickets.md).
import type { AppRouter } from "@repo/api";
import type { TRPCClient } from "@trpc/client";
import { createContext, useCallback, useEffect, useRef } from "react";
import { readAuthToken } from "./auth-storage";
import { httpStatus } from "./server-message";
import { trpc } from "./trpc";

export const LIVE_EVENT_TYPES = ["ticket.created", "ticket.updated", "comment.created", "sla.state"] as const;
export type LiveEventType = (typeof LIVE_EVENT_TYPES)[number];

export interface LiveEvent {
  type: LiveEventType;
  ticketId?: string;
}

/** How long after an unexpected close the socket is reopened. */
export const WS_RECONNECT_MS = 3000;

/** Close codes after which the socket stays closed: our own normal close, and the server's "session ended". */
const NORMAL_CLOSE = 1000;
/** WebSocket.OPEN, written out: a test's stand-in for WebSocket has no constants. */
const SOCKET_OPEN = 1;
const SESSION_ENDED = 4001;

/** ws://host/ws?token=... on http, wss:// on https. */
export function liveUpdatesUrl(token: string, location: Pick<Location, "protocol" | "host"> = window.location): string {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${location.host}/ws?token=${encodeURIComponent(token)}`;
}

/** A message from the socket, or null for anything else (the server's "pong", a malformed frame). */
export function parseLiveEvent(data: unknown): LiveEvent | null {
  if (typeof data !== "string") return null;
  try {
    const value = JSON.parse(data) as { type?: unknown; ticketId?: unknown };
    if (!LIVE_EVENT_TYPES.includes(value.type as LiveEventType)) return null;
    return {
      type: value.type as LiveEventType,
      ...(typeof value.ticketId === "string" ? { ticketId: value.ticketId } : {}),
    };
  } catch {
    return null;
  }
}

export interface LiveConnectionOptions {
  /**
   * Where to connect: a fixed address, or a function that finds a fresh one before each connection (a
   * socket ticket opens one socket only). It resolves to null once the session is gone: then the socket
   * stays closed, as after 4001. When it fails, the next attempt comes after `reconnectMs`.
   */
  url: string | (() => Promise<string | null>);
  onEvent(event: LiveEvent): void;
  /** Tests pass a fake; browsers use their own. */
  createSocket?: (url: string) => WebSocket;
  reconnectMs?: number;
}

export interface LiveConnection {
  /** Closes with 1000, so it is not reopened. */
  close(): void;
  /** Sends a message to the server if the socket is open; false when it is not (the message is dropped). */
  send(message: string): boolean;
}

export function connectLiveUpdates({
  url,
  onEvent,
  createSocket = (target) => new WebSocket(target),
  reconnectMs = WS_RECONNECT_MS,
}: LiveConnectionOptions): LiveConnection {
  let socket: WebSocket | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const open = () => {
    if (typeof url === "string") return attach(url);
    url().then(
      (target) => {
        if (target && !stopped) attach(target);
      },
      () => {
        if (!stopped) timer = setTimeout(open, reconnectMs);
      },
    );
  };
  const attach = (target: string) => {
    socket = createSocket(target);
    socket.onmessage = (message) => {
      const event = parseLiveEvent(message.data);
      if (event) onEvent(event);
    };
    socket.onclose = (close) => {
      socket = null;
      if (stopped || close.code === NORMAL_CLOSE || close.code === SESSION_ENDED) return;
      timer = setTimeout(open, reconnectMs);
    };
  };
  open();

  return {
    close() {
      stopped = true;
      clearTimeout(timer);
      socket?.close(NORMAL_CLOSE);
    },
    send(message) {
      if (socket?.readyState !== SOCKET_OPEN) return false;
      socket.send(message);
      return true;
    },
  };
}

/** The socket's address with a fresh one-time ticket; null when the server says the session is gone. */
export async function ticketedLiveUpdatesUrl(client: TRPCClient<AppRouter>): Promise<string | null> {
  try {
    // `{}`, not nothing: the server answers a mutation sent without a JSON body with 400.
    const { ticket } = await client.auth.socketTicket.mutate({});
    return liveUpdatesUrl(ticket);
  } catch (error) {
    if (httpStatus(error) === 401) return null;
    throw error;
  }
}

/** Sends a message over the portal's socket (a ticket page's focus heartbeat); false when it is closed. */
export type LiveSend = (message: string) => boolean;
/** The portal layout's socket, for the screens inside it; outside a portal nothing is sent. */
export const LiveSendContext = createContext<LiveSend>(() => false);

/**
 * Keeps a socket open while the calling component is mounted and a token is stored, and returns what sends
 * over it. `onEvent` may change on every render; the socket and the sender do not.
 */
export function useLiveUpdates(onEvent: (event: LiveEvent) => void): LiveSend {
  const handler = useRef(onEvent);
  useEffect(() => {
    handler.current = onEvent;
  });
  const token = readAuthToken();
  const { client } = trpc.useUtils();
  const connection = useRef<LiveConnection | null>(null);

  useEffect(() => {
    if (!token) return;
    connection.current = connectLiveUpdates({
      url: () => ticketedLiveUpdatesUrl(client),
      onEvent: (event) => handler.current(event),
    });
    return () => {
      connection.current?.close();
      connection.current = null;
    };
  }, [token, client]);
  return useCallback((message: string) => connection.current?.send(message) ?? false, []);
}
