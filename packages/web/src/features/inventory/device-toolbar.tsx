import { Button, Group, Select, TextInput } from "@mantine/core";
import {
  DEVICE_SORT_FIELDS,
  DEVICE_STATUS_LABELS,
  DEVICE_STATUSES,
  type DeviceSort,
  type DeviceStatus,
} from "@repo/validators";
import { DEVICE_COLUMN_LABELS } from "./device-columns";
import type { DeviceFilters } from "./device-filters";

interface DeviceToolbarProps {
  search: string;
  onSearchChange(value: string): void;
  filters: DeviceFilters;
  onFiltersChange(filters: DeviceFilters): void;
}

const STATUS_OPTIONS = [
  { value: "all", label: "All statuses" },
  ...DEVICE_STATUSES.map((status) => ({ value: status, label: DEVICE_STATUS_LABELS[status] })),
];
const SORT_OPTIONS = DEVICE_SORT_FIELDS.map((field) => ({ value: field, label: DEVICE_COLUMN_LABELS[field] }));

/** Search, status filter and sort (the sort also follows the table's headers, which phones scroll past). */
export function DeviceToolbar({ search, onSearchChange, filters, onFiltersChange }: DeviceToolbarProps) {
  return (
    <Group align="end" gap="sm" wrap="wrap">
      <TextInput
        label="Search"
        placeholder="User, email, model, serial, asset tag..."
        value={search}
        onChange={(event) => onSearchChange(event.currentTarget.value)}
        type="search"
        style={{ flex: "1 1 240px" }}
      />
      <Select
        label="Status"
        data={STATUS_OPTIONS}
        value={filters.status}
        onChange={(value) => onFiltersChange({ ...filters, status: (value ?? "all") as DeviceStatus | "all" })}
        allowDeselect={false}
        w={{ base: "100%", xs: 170 }}
      />
      <Select
        label="Sort by"
        data={SORT_OPTIONS}
        value={filters.sort}
        onChange={(value) => onFiltersChange({ ...filters, sort: (value ?? "assignedUser") as DeviceSort })}
        allowDeselect={false}
        w={{ base: "100%", xs: 170 }}
      />
      <Button
        variant="default"
        onClick={() => onFiltersChange({ ...filters, dir: filters.dir === "asc" ? "desc" : "asc" })}
        aria-label={filters.dir === "asc" ? "Sorted ascending; sort descending" : "Sorted descending; sort ascending"}
      >
        {filters.dir === "asc" ? "Ascending" : "Descending"}
      </Button>
    </Group>
  );
}
