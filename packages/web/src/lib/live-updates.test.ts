import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { WS_RECONNECT_MS, connectLiveUpdates, liveUpdatesUrl, parseLiveEvent, type LiveEvent } from "./live-updates";

/** Just enough of a WebSocket to drive the client: the test plays the server. */
class FakeSocket {
  onmessage: ((message: { data: unknown }) => void) | null = null;
  onclose: ((close: { code: number }) => void) | null = null;
  closedWith: number | null = null;
  constructor(readonly url: string) {}
  close(code: number) {
    this.closedWith = code;
    this.onclose?.({ code });
  }
  serverSends(data: unknown) {
    this.onmessage?.({ data });
  }
  serverCloses(code: number) {
    this.onclose?.({ code });
  }
}

let sockets: FakeSocket[];
let events: LiveEvent[];
const connect = () =>
  connectLiveUpdates({
    url: "ws://host/ws?token=t",
    onEvent: (event) => events.push(event),
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket as unknown as WebSocket;
    },
  });

beforeEach(() => {
  vi.useFakeTimers();
  sockets = [];
  events = [];
});
afterEach(() => {
  vi.useRealTimers();
});

describe("live updates", () => {
  it("connect to /ws with the token, over wss on https", () => {
    expect(liveUpdatesUrl("a b", { protocol: "https:", host: "portal.example.com" })).toBe(
      "wss://portal.example.com/ws?token=a%20b",
    );
    expect(liveUpdatesUrl("t", { protocol: "http:", host: "localhost:3000" })).toBe("ws://localhost:3000/ws?token=t");
  });

  it("pass on the four event types with their ticket id, and ignore anything else", () => {
    connect();
    sockets[0]!.serverSends(JSON.stringify({ type: "ticket.updated", ticketId: "t1" }));
    sockets[0]!.serverSends(JSON.stringify({ type: "sla.state" }));
    sockets[0]!.serverSends("pong");
    sockets[0]!.serverSends(JSON.stringify({ type: "user.deleted" }));
    expect(events).toEqual([{ type: "ticket.updated", ticketId: "t1" }, { type: "sla.state" }]);
    expect(parseLiveEvent(JSON.stringify({ type: "comment.created", ticketId: 5 }))).toEqual({
      type: "comment.created",
    });
  });

  it("reconnect 3 seconds after an abnormal close", () => {
    connect();
    sockets[0]!.serverCloses(1006);

    vi.advanceTimersByTime(WS_RECONNECT_MS - 1);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    expect(sockets[1]!.url).toBe("ws://host/ws?token=t");
  });

  it("stay closed after a normal close (1000) or the end of the session", () => {
    connect();
    sockets[0]!.serverCloses(1000);
    vi.advanceTimersByTime(10 * WS_RECONNECT_MS);
    expect(sockets).toHaveLength(1);

    connect();
    sockets[1]!.serverCloses(4001);
    vi.advanceTimersByTime(10 * WS_RECONNECT_MS);
    expect(sockets).toHaveLength(2);
  });

  it("close with 1000 when the page lets go, and cancel a pending reconnect", () => {
    const first = connect();
    first.close();
    expect(sockets[0]!.closedWith).toBe(1000);

    const second = connect();
    sockets[1]!.serverCloses(1011);
    second.close();
    vi.advanceTimersByTime(10 * WS_RECONNECT_MS);
    expect(sockets).toHaveLength(2);
  });
});
