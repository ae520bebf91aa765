import { describe, expect, it } from "vitest";
import {
  DEFAULT_DEVICE_FILTERS,
  deviceExportUrl,
  deviceListInput,
  filtersFromSearch,
  parseInventorySearch,
  searchFromFilters,
  toggleSort,
} from "./device-filters";

const BIRCH = "6f1c2a4e-8b3d-4c5e-9f10-2a3b4c5d6e7f";

describe("device filters", () => {
  it("default to assignedUser ascending with no search and no status", () => {
    expect(deviceListInput(DEFAULT_DEVICE_FILTERS)).toEqual({ sort: "assignedUser", dir: "asc" });
  });

  it("send a trimmed search and a chosen status", () => {
    expect(deviceListInput({ ...DEFAULT_DEVICE_FILTERS, q: "  macbook ", status: "SPARE" })).toEqual({
      sort: "assignedUser",
      dir: "asc",
      q: "macbook",
      status: "SPARE",
    });
  });

  it("leave out a blank search and the status 'all'", () => {
    expect(deviceListInput({ ...DEFAULT_DEVICE_FILTERS, q: "   ", status: "all" })).not.toHaveProperty("q");
    expect(deviceListInput({ ...DEFAULT_DEVICE_FILTERS, q: "   ", status: "all" })).not.toHaveProperty("status");
  });

  it("export exactly the listed devices: the CSV URL carries the same query", () => {
    const url = new URL(
      deviceExportUrl({
        q: "a&b",
        status: "IN_REPAIR",
        flag: "needsReview",
        clientId: BIRCH,
        sort: "warrantyExpiry",
        dir: "desc",
      }),
      "http://x",
    );
    expect(url.pathname).toBe("/api/devices.csv");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      sort: "warrantyExpiry",
      dir: "desc",
      q: "a&b",
      status: "IN_REPAIR",
      flag: "needsReview",
      clientId: BIRCH,
    });
  });

  it("flip the direction on the sorted column and sort a new column ascending", () => {
    const byModelDesc = toggleSort({ ...DEFAULT_DEVICE_FILTERS, sort: "model", dir: "asc" }, "model");
    expect(byModelDesc).toMatchObject({ sort: "model", dir: "desc" });
    expect(toggleSort(byModelDesc, "status")).toMatchObject({ sort: "status", dir: "asc" });
  });

  it("keep only what differs from the defaults in the URL, and read it back", () => {
    expect(searchFromFilters(DEFAULT_DEVICE_FILTERS)).toEqual({});
    const filters = {
      q: "mac book",
      status: "RETIRED",
      flag: "stale",
      clientId: BIRCH,
      sort: "lastCheckIn",
      dir: "desc",
    } as const;
    expect(searchFromFilters(filters)).toEqual(filters);
    expect(filtersFromSearch(searchFromFilters(filters))).toEqual(filters);
    expect(searchFromFilters({ ...DEFAULT_DEVICE_FILTERS, q: "  " })).toEqual({});
  });

  it("drop unknown values typed into the address bar, and read a number as a search", () => {
    expect(
      parseInventorySearch({ status: "BROKEN", sort: "password", dir: "up", q: 42, page: 3, clientId: "birch" }),
    ).toEqual({ q: "42" });
    expect(parseInventorySearch({ status: "all", sort: "assignedUser", dir: "asc" })).toEqual({});
  });
});
