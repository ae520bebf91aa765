// The inventory's filters (docs/product-spec.md §2: sort, search, status; staff also pick a company) and the one
// query they become, shared by the list, the metrics and the CSV export so all three always describe the same
// devices. They live in the URL (?q=&status=&flag=&clientId=&sort=&dir=) of /client/inventory and /inventory, so Back
// and a shared link restore them. The routes validate the address with this module before any portal code loads, so it
// reads the zod-free entry of the validators (as the dashboard's search does).
import {
  DEVICE_FLAG_LABELS,
  DEVICE_STATUS_LABELS,
  isUuid,
  type DeviceFlag,
  type DeviceSort,
  type DeviceStatus,
} from "@repo/validators/labels";
import type { DeviceListQuery } from "@repo/validators";
import { DEVICE_COLUMN_LABELS } from "./device-columns";

export interface DeviceFilters {
  q: string;
  status: DeviceStatus | "all";
  /** The "Check-in" filter: stale devices, or those a check-in added and staff have not reviewed. */
  flag: DeviceFlag | "all";
  /** Staff only: one company's devices, or every company's ("all"). A client's list is its own company's. */
  clientId: string;
  sort: DeviceSort;
  dir: "asc" | "desc";
}

/** docs/product-spec.md §7: sort defaults to assignedUser, dir to asc. */
export const DEFAULT_DEVICE_FILTERS: DeviceFilters = {
  q: "",
  status: "all",
  flag: "all",
  clientId: "all",
  sort: "assignedUser",
  dir: "asc",
};

/** The inventory's part of the URL: only what differs from the defaults, so a plain link stays plain. */
export type InventorySearch = {
  q?: string;
  status?: DeviceStatus;
  flag?: DeviceFlag;
  clientId?: string;
  sort?: DeviceSort;
  dir?: "desc";
};

/** Accepts what a person may type in the address bar; anything unknown is dropped, never an error. */
export function parseInventorySearch(raw: Record<string, unknown>): InventorySearch {
  const search: InventorySearch = {};
  // A number typed as ?q=123 arrives parsed as JSON: a search for "123" all the same.
  const q = typeof raw.q === "number" ? String(raw.q) : raw.q;
  if (typeof q === "string" && q.trim()) search.q = q;
  if (typeof raw.status === "string" && Object.hasOwn(DEVICE_STATUS_LABELS, raw.status)) {
    search.status = raw.status as DeviceStatus;
  }
  if (typeof raw.flag === "string" && Object.hasOwn(DEVICE_FLAG_LABELS, raw.flag)) search.flag = raw.flag as DeviceFlag;
  // Only an id can name a company: anything else would be refused by the list, so it is dropped here.
  if (typeof raw.clientId === "string" && isUuid(raw.clientId)) search.clientId = raw.clientId;
  if (
    typeof raw.sort === "string" &&
    raw.sort !== DEFAULT_DEVICE_FILTERS.sort &&
    Object.hasOwn(DEVICE_COLUMN_LABELS, raw.sort)
  ) {
    search.sort = raw.sort as DeviceSort;
  }
  if (raw.dir === "desc") search.dir = "desc";
  return search;
}

/**
 * The filters a URL stands for: its values over the defaults. Parsed again here because a route's search
 * also carries its parents' keys unvalidated, as typed: a bad ?status= must not reach the list call.
 */
export function filtersFromSearch(search: Record<string, unknown>): DeviceFilters {
  return { ...DEFAULT_DEVICE_FILTERS, ...parseInventorySearch(search) };
}

/** The URL for some filters: the defaults and a blank search left out. */
export function searchFromFilters(filters: DeviceFilters): InventorySearch {
  return parseInventorySearch({ ...filters });
}

/** The list query: search, status, check-in flag and company only when set (a blank search or "all" is no filter). */
export function deviceListInput(filters: DeviceFilters): Partial<DeviceListQuery> {
  const q = filters.q.trim();
  return {
    sort: filters.sort,
    dir: filters.dir,
    ...(q ? { q } : {}),
    ...(filters.status !== "all" ? { status: filters.status } : {}),
    ...(filters.flag !== "all" ? { flag: filters.flag } : {}),
    ...(filters.clientId !== "all" ? { clientId: filters.clientId } : {}),
  };
}

/** GET /api/devices.csv takes the same query as the list. */
export function deviceExportUrl(filters: DeviceFilters): string {
  const params = new URLSearchParams(
    Object.entries(deviceListInput(filters)).map(([key, value]) => [key, String(value)]),
  );
  return `/api/devices.csv?${params.toString()}`;
}

/** A click on a column header: the same column flips the direction, another column sorts ascending. */
export function toggleSort(filters: DeviceFilters, sort: DeviceSort): DeviceFilters {
  if (filters.sort === sort) return { ...filters, dir: filters.dir === "asc" ? "desc" : "asc" };
  return { ...filters, sort, dir: "asc" };
}
