import { describe, expect, it } from "vitest";
import { parseDashboardSearch, ticketListInput, viewFilters } from "./dashboard-search";

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

  it("keeps the desk's view, sort and saved view, and drops unknown ones", () => {
    const id = "0190f3a2-aaaa-bbbb-cccc-1234abcd5678";
    expect(parseDashboardSearch({ view: "at-risk", sort: "sla", saved: id })).toEqual({
      view: "at-risk",
      sort: "sla",
      saved: id,
    });
    expect(parseDashboardSearch({ view: "everything", sort: "random", saved: "<script>" })).toEqual({});
    expect(parseDashboardSearch({ view: "toString", sort: "constructor" })).toEqual({});
  });

  it("sends the view and sort to the list, and keeps them in a saved view without page or saved id", () => {
    expect(ticketListInput({ view: "mine", sort: "priority", saved: "abc", page: 2 })).toEqual({
      view: "mine",
      sort: "priority",
      page: 2,
      pageSize: 20,
    });
    expect(viewFilters({ q: "vpn", view: "overdue", sort: "updated", saved: "abc", page: 3 })).toEqual({
      q: "vpn",
      view: "overdue",
      sort: "updated",
    });
  });
});
