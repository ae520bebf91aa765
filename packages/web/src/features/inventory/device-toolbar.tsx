import { Button, Group, Select } from "@mantine/core";
import {
  DEVICE_FLAG_LABELS,
  DEVICE_FLAGS,
  DEVICE_SORT_FIELDS,
  type DeviceFlag,
  DEVICE_STATUS_LABELS,
  DEVICE_STATUSES,
  type DeviceSort,
  type DeviceStatus,
} from "@repo/validators";
import { SearchBox } from "../../components/search-box";
import { DEVICE_COLUMN_LABELS } from "./device-columns";
import type { DeviceFilters } from "./device-filters";
import type { Company } from "./use-companies";

interface DeviceToolbarProps {
  filters: DeviceFilters;
  /** Staff: the companies to filter by (a client's inventory is one company, so it has no such filter). */
  companies?: Company[];
  onFiltersChange(change: (current: DeviceFilters) => DeviceFilters): void;
}

const STATUS_OPTIONS = [
  { value: "all", label: "All statuses" },
  ...DEVICE_STATUSES.map((status) => ({ value: status, label: DEVICE_STATUS_LABELS[status] })),
];
const FLAG_OPTIONS = [
  { value: "all", label: "All" },
  ...DEVICE_FLAGS.map((flag) => ({ value: flag, label: DEVICE_FLAG_LABELS[flag] })),
];
const SORT_OPTIONS = DEVICE_SORT_FIELDS.map((field) => ({ value: field, label: DEVICE_COLUMN_LABELS[field] }));

/**
 * Search, status and check-in filters, staff's company filter and sort (the sort also follows the table's headers, which
 * phones scroll past).
 */
export function DeviceToolbar({ filters, companies, onFiltersChange }: DeviceToolbarProps) {
  return (
    <Group align="end" gap="sm" wrap="wrap">
      <SearchBox
        value={filters.q}
        onCommit={(q) => onFiltersChange((current) => ({ ...current, q }))}
        placeholder="User, email, model, serial, asset tag..."
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
        label="Check-in"
        data={FLAG_OPTIONS}
        value={filters.flag}
        onChange={(value) =>
          onFiltersChange((current) => ({ ...current, flag: (value ?? "all") as DeviceFlag | "all" }))
        }
        allowDeselect={false}
        w={{ base: "100%", xs: 150 }}
      />
      {companies && (
        <Select
          label="Company"
          data={[
            { value: "all", label: "All companies" },
            ...companies.map((company) => ({ value: company.id, label: company.name })),
          ]}
          value={filters.clientId}
          onChange={(value) => onFiltersChange((current) => ({ ...current, clientId: value ?? "all" }))}
          allowDeselect={false}
          searchable
          w={{ base: "100%", xs: 200 }}
        />
      )}
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
