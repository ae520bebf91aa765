import { Group, Select, TextInput } from "@mantine/core";
import { useDebouncedCallback } from "@mantine/hooks";
import { STAFF_PRIORITY_LABELS, TICKET_PRIORITIES, TICKET_STATUS_LABELS, TICKET_STATUSES } from "@repo/validators";
import { useEffect, useRef, useState } from "react";
import type { DashboardSearch } from "./dashboard-search";

const ALL = "all";
const STATUS_OPTIONS = [
  { value: ALL, label: "All Statuses" },
  ...TICKET_STATUSES.map((s) => ({ value: s, label: TICKET_STATUS_LABELS[s] })),
];
const PRIORITY_OPTIONS = [
  { value: ALL, label: "All Priorities" },
  ...TICKET_PRIORITIES.map((p) => ({ value: p, label: STAFF_PRIORITY_LABELS[p] })),
];
/** Typing settles for this long before the list is asked again. */
const SEARCH_DEBOUNCE_MS = 300;

interface TicketFiltersProps {
  search: DashboardSearch;
  /** A filter changed; paging starts over at page 1. */
  onChange(next: Pick<DashboardSearch, "q" | "status" | "priority">): void;
}

/** The search box, status filter and priority filter of the staff ticket list (docs/product-spec.md §2 and §5). */
export function TicketFilters({ search, onChange }: TicketFiltersProps) {
  const [text, setText] = useState(search.q ?? "");
  // The debounced call fires later: it must extend the filters as they are then, not as they were.
  const latest = useRef(search);
  latest.current = search;
  const commitText = useDebouncedCallback(
    (q: string) => onChange({ ...latest.current, q: q.trim() ? q : undefined }),
    SEARCH_DEBOUNCE_MS,
  );
  // Follow the URL when it changes from elsewhere (Back, a status badge): the box shows what is searched.
  useEffect(() => setText(search.q ?? ""), [search.q]);

  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        label="Search"
        placeholder="Search tickets..."
        type="search"
        value={text}
        onChange={(event) => {
          setText(event.currentTarget.value);
          commitText(event.currentTarget.value);
        }}
        style={{ flex: "1 1 240px" }}
      />
      <FilterSelect
        label="Status"
        data={STATUS_OPTIONS}
        value={search.status}
        onChange={(status) => onChange({ ...search, status })}
        width={200}
      />
      <FilterSelect
        label="Priority"
        data={PRIORITY_OPTIONS}
        value={search.priority}
        onChange={(priority) => onChange({ ...search, priority })}
        width={180}
      />
    </Group>
  );
}

interface FilterSelectProps<Value extends string> {
  label: string;
  /** The values, led by the "All ..." entry. */
  data: { value: string; label: string }[];
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
