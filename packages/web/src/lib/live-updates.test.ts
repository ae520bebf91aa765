import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { writeSession } from "./auth-storage";
import {
  WS_RECONNECT_MS,
  connectLiveUpdates,
  liveUpdatesUrl,
  parseLiveEvent,
  ticketedLiveUpdatesUrl,
  type LiveEvent,
} from "./live-updates";
import { createTrpcClient } from "./trpc";

/** Just enough of a WebSocket to drive the client: the test plays the server. */
class FakeSocket {
  onmessage: ((message: { data: unknown }) => void) | null = null;
  onclose: ((close: { code: number }) => void) | null = null;
  closedWith: number | null = null;
  /** 0 connecting, 1 open. */
  readyState = 0;
  sent: string[] = [];
  constructor(readonly url: string) {}
  send(message: string) {
    this.sent.push(message);
  }
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
  it("sends a message only while the socket is open, and says whether it went", () => {
    const connection = connect();
    expect(connection.send("focus")).toBe(false);
    sockets[0]!.readyState = 1;
    expect(connection.send("focus")).toBe(true);
    expect(sockets[0]!.sent).toEqual(["focus"]);
    connection.close();
    expect(connection.send("again")).toBe(false);
  });

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

// Attack review finding 8: the URL carries a one-time ticket fetched per connection, not the session token.
describe("live updates with socket tickets", () => {
  let tickets: number;
  let answer: () => Promise<string | null>;
  const connectWithTickets = () =>
    connectLiveUpdates({
      url: () => {
        tickets++;
        return answer();
      },
      onEvent: (event) => events.push(event),
      createSocket: (url) => {
        const socket = new FakeSocket(url);
        sockets.push(socket);
        return socket as unknown as WebSocket;
      },
    });
  const flush = () => vi.advanceTimersByTimeAsync(0);

  beforeEach(() => {
    tickets = 0;
    answer = async () => `ws://host/ws?token=wst_${tickets}`;
  });

  it("fetch a fresh ticket before each connection and reconnection", async () => {
    connectWithTickets();
    await flush();
    expect(sockets.map((s) => s.url)).toEqual(["ws://host/ws?token=wst_1"]);

    sockets[0]!.serverCloses(1006);
    await vi.advanceTimersByTimeAsync(WS_RECONNECT_MS);
    expect(tickets).toBe(2);
    expect(sockets.map((s) => s.url)).toEqual(["ws://host/ws?token=wst_1", "ws://host/ws?token=wst_2"]);
  });

  it("stay closed after the end of the session (4001): no ticket, no socket", async () => {
    connectWithTickets();
    await flush();
    sockets[0]!.serverCloses(4001);
    await vi.advanceTimersByTimeAsync(10 * WS_RECONNECT_MS);
    expect(tickets).toBe(1);
    expect(sockets).toHaveLength(1);
  });

  it("stay closed when the server refuses a ticket because the session is gone", async () => {
    answer = async () => null;
    connectWithTickets();
    await vi.advanceTimersByTimeAsync(10 * WS_RECONNECT_MS);
    expect(tickets).toBe(1);
    expect(sockets).toHaveLength(0);
  });

  it("try again 3 seconds after a ticket could not be fetched", async () => {
    answer = async () => {
      if (tickets === 1) throw new Error("503");
      return `ws://host/ws?token=wst_${tickets}`;
    };
    connectWithTickets();
    await vi.advanceTimersByTimeAsync(WS_RECONNECT_MS - 1);
    expect(sockets).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets.map((s) => s.url)).toEqual(["ws://host/ws?token=wst_2"]);
  });

  it("open nothing when the page lets go while the ticket is on its way", async () => {
    const connection = connectWithTickets();
    connection.close();
    await vi.advanceTimersByTimeAsync(10 * WS_RECONNECT_MS);
    expect(sockets).toHaveLength(0);
  });
});

describe("socket tickets from the API", () => {
  const reply = (status: number, body: unknown) =>
    vi.stubGlobal(
      "fetch",
      vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) =>
        Response.json(body, { status, headers: { "content-type": "application/json" } }),
      ),
    );
  const client = () => createTrpcClient("http://localhost/trpc");
  const signedIn = () =>
    writeSession({
      token: "stored-session-token",
      user: { name: "A", email: "a@example.test", role: "ADMIN" },
      authType: "admin",
    });

  beforeEach(() => {
    vi.useRealTimers();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("ask for a ticket with the session's bearer token and put only the ticket in the URL", async () => {
    signedIn();
    reply(200, { result: { data: { ticket: "wst_abc" } } });

    const url = await ticketedLiveUpdatesUrl(client());

    expect(url).toBe("ws://localhost:3000/ws?token=wst_abc");
    const [input, init] = vi.mocked(fetch).mock.calls[0]!;
    expect(String(input)).toBe("http://localhost/trpc/auth.socketTicket");
    expect(init!.method).toBe("POST");
    expect(init!.body).toBe("{}"); // the server refuses a mutation without a JSON body
    expect(new Headers(init!.headers).get("authorization")).toBe("Bearer stored-session-token");
  });

  it("answer null when the session is gone (401), and fail on anything else", async () => {
    signedIn();
    const error = (code: string, httpStatus: number) => ({
      error: { message: code, code: -32001, data: { code, httpStatus } },
    });
    reply(401, error("UNAUTHORIZED", 401));
    expect(await ticketedLiveUpdatesUrl(client())).toBeNull();

    reply(503, error("SERVICE_UNAVAILABLE", 503));
    await expect(ticketedLiveUpdatesUrl(client())).rejects.toThrow();
  });
});
