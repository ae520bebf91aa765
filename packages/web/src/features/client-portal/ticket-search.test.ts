import { describe, expect, it } from "vitest";
import { parseClientDashboardSearch } from "./ticket-search";

describe("the client dashboard's address", () => {
  it.each([
    [
      { tab: "assistant", q: "vpn", status: "open", sort: "priority" },
      { tab: "assistant", q: "vpn", status: "open", sort: "priority" },
    ],
    [{ tab: "tickets", q: "  ", status: "NEW", sort: "newest", page: "2" }, {}],
    [{ tab: "admin", status: ["open"] }, {}],
  ])("reads the address %o as %o, dropping what it does not know", (raw, search) => {
    expect(parseClientDashboardSearch(raw)).toEqual(search);
  });
});
