import { Alert, Button, Center, Group, Loader, Select, Stack, Text, TextInput, Title } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import {
  CLIENT_STATUS_FILTERS,
  CLIENT_TICKET_SORTS,
  type ClientStatusFilter,
  type ClientTicketSort,
  plural,
} from "@repo/validators";
import { keepPreviousData } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { nextCursorOf, ShowMoreButton } from "../../components/show-more-button";
import type { StoredUser } from "../../lib/auth-storage";
import { trpc } from "../../lib/trpc";
import { SEARCH_PAUSE_MS } from "../../lib/ui-constants";
import { NewTicketForm } from "./new-ticket-form";
import { TicketCard } from "./ticket-card";
import type { ClientDashboardSearch } from "./ticket-search";

type ListSearch = Omit<ClientDashboardSearch, "tab">;

interface SupportTicketsTabProps {
  user: StoredUser;
  /** How many tickets the company has (the Total counter), once counted. */
  total: number | undefined;
  search: ListSearch;
  onSearch(next: ListSearch): void;
}

const STATUS_OPTIONS = [
  { value: "all", label: "All statuses" },
  ...Object.entries(CLIENT_STATUS_FILTERS).map(([value, filter]) => ({ value, label: filter.label })),
];
const SORT_OPTIONS = Object.entries(CLIENT_TICKET_SORTS).map(([value, label]) => ({ value, label }));

export function SupportTicketsTab({ user, total, search, onSearch }: SupportTicketsTabProps) {
  const [creating, setCreating] = useState(false);
  const { q, status, sort } = search;
  const set = (next: ListSearch) => onSearch({ q, status, sort, ...next });
  // The server searches, a page at a time (docs/architecture.md §8); while a new search loads, the last stays shown.
  const [words] = useDebouncedValue(q?.trim() || undefined, SEARCH_PAUSE_MS);
  const list = trpc.clientPortal.ticketPage.useInfiniteQuery(
    { q: words, status, sort: sort ?? "newest" },
    { getNextPageParam: nextCursorOf, placeholderData: keepPreviousData },
  );
  const shown = list.data?.pages.flatMap((page) => page.tickets) ?? [];
  const matching = list.data?.pages[0]?.matching ?? 0;
  const filtered = Boolean(words || status);

  // When the form closes (created or cancelled), focus goes back to the button that opened it rather than
  // to the page body (WCAG 2.4.3).
  const newTicketButton = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  useEffect(() => {
    if (creating || !refocus.current) return;
    refocus.current = false;
    newTicketButton.current?.focus();
  }, [creating]);
  const closeForm = () => {
    refocus.current = true;
    setCreating(false);
  };
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2} size="h3">
          Support Tickets
        </Title>
        {!creating && (
          <Button ref={newTicketButton} onClick={() => setCreating(true)}>
            New Ticket
          </Button>
        )}
      </Group>
      {creating && <NewTicketForm user={user} onDone={closeForm} />}
      {list.isError ? (
        <Alert color="red" title="Failed to fetch tickets">
          <Button size="xs" variant="light" color="red" onClick={() => void list.refetch()}>
            Try Again
          </Button>
        </Alert>
      ) : list.isPending ? (
        <Center py="xl">
          {/* A name needs a role: a plain span may not carry aria-label (axe: aria-prohibited-attr). */}
          <Loader role="status" aria-label="Loading tickets" />
        </Center>
      ) : matching === 0 && !filtered && !q ? (
        <Text c="dimmed" ta="center" py="xl">
          No tickets yet. Create your first support ticket above.
        </Text>
      ) : (
        <>
          <Group gap="sm" align="flex-end" wrap="wrap" role="search" aria-label="Search your tickets">
            <TextInput
              label="Search"
              placeholder="Title, description or #reference"
              value={q ?? ""}
              onChange={(event) => set({ q: event.currentTarget.value || undefined })}
              style={{ flex: "1 1 220px" }}
            />
            <Select
              label="Status"
              data={STATUS_OPTIONS}
              value={status ?? "all"}
              onChange={(value) =>
                set({ status: value && value !== "all" ? (value as ClientStatusFilter) : undefined })
              }
              allowDeselect={false}
              w={{ base: "100%", xs: 220 }}
            />
            <Select
              label="Sort"
              data={SORT_OPTIONS}
              value={sort ?? "newest"}
              onChange={(value) =>
                set({ sort: value && value !== "newest" ? (value as Exclude<ClientTicketSort, "newest">) : undefined })
              }
              allowDeselect={false}
              w={{ base: "100%", xs: 180 }}
            />
          </Group>
          <Text size="sm" c="dimmed" aria-live="polite">
            {filtered
              ? `${matching} of ${plural(total ?? matching, "ticket")} ${matching === 1 ? "matches" : "match"}`
              : plural(matching, "ticket")}
          </Text>
          {shown.length === 0 ? (
            <Stack align="center" gap="xs" py="xl">
              <Text c="dimmed">No tickets match your search.</Text>
              <Button variant="subtle" onClick={() => onSearch({ sort })}>
                Clear search and filters
              </Button>
            </Stack>
          ) : (
            <Stack gap="sm">
              {shown.map((ticket) => (
                <TicketCard key={ticket.id} ticket={ticket} />
              ))}
              <ShowMoreButton list={list} label={`Show more tickets (${shown.length} of ${matching} shown)`} />
            </Stack>
          )}
        </>
      )}
    </Stack>
  );
}
