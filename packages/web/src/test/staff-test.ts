// Shared set-up of the staff portal's component tests: the tRPC network fake (shared with the client
// portal's tests) and a fake WebSocket, since every staff screen keeps a live-updates socket open.
import { afterEach, beforeEach, vi } from "vitest";
import { setupFakeApi } from "./fake-api";
import { type FakeSocket, stubWebSocket } from "./fake-socket";
import { COMPANIES, USERS, metricsOverview, ticketPage } from "./staff-fixtures";

export function setupStaffTest() {
  const api = setupFakeApi();
  let sockets: FakeSocket[] = [];
  beforeEach(() => {
    sockets = stubWebSocket();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });
  return {
    api,
    /** Sockets opened by the app in the current test, oldest first. */
    sockets: () => sockets,
    /** Answers the calls every staff screen makes with harmless defaults; tests override what they test. */
    answerDefaults() {
      api.on({
        "metrics.overview": () => metricsOverview(),
        "tickets.list": () => ticketPage([]),
        "clients.list": () => ({ clients: COMPANIES }),
        "users.list": () => ({ users: USERS }),
        "users.page": () => ({ users: USERS, nextCursor: null, matching: USERS.length }),
        "tickets.history": () => ({ history: [] }),
        "tickets.cc": () => ({ copyOnReplies: true, addresses: [] }),
        "time.timer": () => ({ timer: null }),
        "time.reminder": () => ({ reminder: null }),
        "mail.ticketPage": () => ({ mails: [], nextCursor: null }),
        "cannedReplies.list": () => [],
        "incidents.list": () => [],
        "ratings.forTicket": () => ({ rating: null, comment: null, ratedAt: null, source: null, canRate: false }),
      });
    },
  };
}
