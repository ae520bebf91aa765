import { Button, Group, Select, TextInput } from "@mantine/core";
import { useDebouncedCallback } from "@mantine/hooks";
import {
  DEVICE_SORT_FIELDS,
  DEVICE_STATUS_LABELS,
  DEVICE_STATUSES,
  type DeviceSort,
  type DeviceStatus,
} from "@repo/validators";
import { useEffect, useState } from "react";
import { DEVICE_COLUMN_LABELS } from "./device-columns";
import type { DeviceFilters } from "./device-filters";

interface DeviceToolbarProps {
  filters: DeviceFilters;
  onFiltersChange(change: (current: DeviceFilters) => DeviceFilters): void;
}

const STATUS_OPTIONS = [
  { value: "all", label: "All statuses" },
  ...DEVICE_STATUSES.map((status) => ({ value: status, label: DEVICE_STATUS_LABELS[status] })),
];
const SORT_OPTIONS = DEVICE_SORT_FIELDS.map((field) => ({ value: field, label: DEVICE_COLUMN_LABELS[field] }));
/** Typing settles for this long before the search reaches the URL and the list is asked again. */
const SEARCH_DEBOUNCE_MS = 300;

/** Search, status filter and sort (the sort also follows the table's headers, which phones scroll past). */
export function DeviceToolbar({ filters, onFiltersChange }: DeviceToolbarProps) {
  const [text, setText] = useState(filters.q);
  // The debounced call fires later: it changes the search of the filters as they are then, not as they were.
  const commitText = useDebouncedCallback(
    (q: string) => onFiltersChange((current) => ({ ...current, q })),
    SEARCH_DEBOUNCE_MS,
  );
  // Follow the URL when it changes from elsewhere (Back, a shared link): the box shows what is searched.
  useEffect(() => setText(filters.q), [filters.q]);

  return (
    <Group align="end" gap="sm" wrap="wrap">
      <TextInput
        label="Search"
        placeholder="User, email, model, serial, asset tag..."
        value={text}
        onChange={(event) => {
          setText(event.currentTarget.value);
          commitText(event.currentTarget.value);
        }}
        type="search"
        style={{ flex: "1 1 240px" }}
      />
      <Select
        label="Status"
        data={STATUS_OPTIONS}
        value={filters.status}
        onChange={(value) =>
          onFiltersChange((current) => ({ ...current, status: (value ?? "all") as DeviceStatus | "all" }))
        }
        allowDeselect={false}
        w={{ base: "100%", xs: 170 }}
      />
      <Select
        label="Sort by"
        data={SORT_OPTIONS}
        value={filters.sort}
        onChange={(value) =>
          onFiltersChange((current) => ({ ...current, sort: (value ?? "assignedUser") as DeviceSort }))
        }
        allowDeselect={false}
        w={{ base: "100%", xs: 170 }}
      />
      <Button
        variant="default"
        onClick={() => onFiltersChange((current) => ({ ...current, dir: current.dir === "asc" ? "desc" : "asc" }))}
        aria-label={filters.dir === "asc" ? "Sorted ascending; sort descending" : "Sorted descending; sort ascending"}
      >
        {filters.dir === "asc" ? "Ascending" : "Descending"}
      </Button>
    </Group>
  );
}
