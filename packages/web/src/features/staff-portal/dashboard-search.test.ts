import { describe, expect, it } from "vitest";
import { parseDashboardSearch, ticketListInput } from "./dashboard-search";

describe("dashboard search", () => {
  it("keeps known filters from the address and drops anything else", () => {
    expect(parseDashboardSearch({ q: "vpn", status: "ON_HOLD", priority: "P1", page: "3" })).toEqual({
      q: "vpn",
      status: "ON_HOLD",
      priority: "P1",
      page: 3,
    });
    expect(parseDashboardSearch({ q: "  ", status: "all", priority: "P9", page: "-2", extra: "x" })).toEqual({});
    expect(parseDashboardSearch({ page: 1 })).toEqual({});
  });

  it("asks for 20 a page and sends filters only when set", () => {
    expect(ticketListInput({})).toEqual({ page: 1, pageSize: 20 });
    expect(ticketListInput({ q: " printer ", status: "NEW", page: 2 })).toEqual({
      q: "printer",
      status: "NEW",
      page: 2,
      pageSize: 20,
    });
  });
});
