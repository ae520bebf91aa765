import { Group, Select } from "@mantine/core";
import {
  STAFF_PRIORITY_LABELS,
  TICKET_PRIORITIES,
  TICKET_SORT_LABELS,
  TICKET_SORTS,
  TICKET_STATUS_LABELS,
  TICKET_STATUSES,
} from "@repo/validators";
import { SearchBox } from "../../components/search-box";
import type { DashboardSearch } from "./dashboard-search";

const ALL = "all";
/** A filter's choices: "All ..." (no filter), then each value under its label. */
function filterOptions<Value extends string>(all: string, values: readonly Value[], labels: Record<Value, string>) {
  return [{ value: ALL, label: all }, ...values.map((value) => ({ value, label: labels[value] }))];
}
const FILTERS = [
  {
    key: "status",
    label: "Status",
    data: filterOptions("All Statuses", TICKET_STATUSES, TICKET_STATUS_LABELS),
    width: 200,
  },
  {
    key: "priority",
    label: "Priority",
    data: filterOptions("All Priorities", TICKET_PRIORITIES, STAFF_PRIORITY_LABELS),
    width: 180,
  },
  {
    key: "sort",
    label: "Sort",
    // The agent desk's sorts (docs/architecture.md §18); the spec's list is newest first.
    data: filterOptions("Newest first", TICKET_SORTS, TICKET_SORT_LABELS),
    width: 210,
  },
] as const;
const BEST_MATCH_FIRST = filterOptions("Best match first", TICKET_SORTS, TICKET_SORT_LABELS);

interface TicketFiltersProps {
  search: DashboardSearch;
  /** A filter changed; paging starts over at page 1. */
  onChange(next: Pick<DashboardSearch, "q" | "status" | "priority" | "sort">): void;
}

/** The search box, status filter and priority filter of the staff ticket list (docs/product-spec.md §2 and §5). */
export function TicketFilters({ search, onChange }: TicketFiltersProps) {
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <SearchBox
        value={search.q ?? ""}
        onCommit={(q) => onChange({ ...search, q: q.trim() ? q : undefined })}
        placeholder="Search tickets..."
      />
      {FILTERS.map(({ key, ...filter }) => (
        <FilterSelect
          key={key}
          {...filter}
          // With words searched and no sort chosen, the list comes most relevant first (tickets/search.ts).
          data={key === "sort" && search.q ? BEST_MATCH_FIRST : filter.data}
          value={search[key]}
          onChange={(value) => onChange({ ...search, [key]: value })}
        />
      ))}
    </Group>
  );
}

interface FilterSelectProps<Value extends string> {
  label: string;
  /** The values, led by the "All ..." entry. */
  data: readonly { value: string; label: string }[];
  /** The filter in the URL; none means "All". */
  value: Value | undefined;
  onChange(value: Value | undefined): void;
  width: number;
}

/** A status or priority filter: choosing "All ..." removes the filter from the URL. */
function FilterSelect<Value extends string>({ label, data, value, onChange, width }: FilterSelectProps<Value>) {
  return (
    <Select
      label={label}
      data={data}
      value={value ?? ALL}
      onChange={(next) => onChange(next && next !== ALL ? (next as Value) : undefined)}
      allowDeselect={false}
      w={{ base: "100%", xs: width }}
    />
  );
}
