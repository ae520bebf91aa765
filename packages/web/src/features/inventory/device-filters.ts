// The inventory's filters (docs/product-spec.md §2: sort, search, status) and the one query they become, shared
// by the list, the metrics and the CSV export so all three always describe the same devices.
import type { DeviceListQuery, DeviceSort, DeviceStatus } from "@repo/validators";

export interface DeviceFilters {
  q: string;
  status: DeviceStatus | "all";
  sort: DeviceSort;
  dir: "asc" | "desc";
}

/** docs/product-spec.md §7: sort defaults to assignedUser, dir to asc. */
export const DEFAULT_DEVICE_FILTERS: DeviceFilters = { q: "", status: "all", sort: "assignedUser", dir: "asc" };

/** The list query: search and status only when set (a blank search or "all" is no filter). */
export function deviceListInput(filters: DeviceFilters): Partial<DeviceListQuery> {
  const q = filters.q.trim();
  return {
    sort: filters.sort,
    dir: filters.dir,
    ...(q ? { q } : {}),
    ...(filters.status !== "all" ? { status: filters.status } : {}),
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
