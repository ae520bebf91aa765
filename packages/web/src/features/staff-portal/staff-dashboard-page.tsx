import { Button, Card, Container, Grid, Group, Pagination, Stack, Text, Title } from "@mantine/core";
import { METRICS_RANGE, STAFF_TICKET_PAGE_SIZE, TICKET_VIEW_LABELS } from "@repo/validators";
import { keepPreviousData } from "@tanstack/react-query";
import { getRouteApi } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { ShortcutsDialog, type ShortcutHelp } from "../../components/shortcuts-dialog";
import { readStoredUser } from "../../lib/auth-storage";
import { useShortcuts } from "../../lib/use-shortcuts";
import { LoadingStatus, StaffPageHeader } from "../../components/staff-page";
import { ButtonLink } from "../../components/router-links";
import { showFailure } from "../../lib/staff-toasts";
import { trpc } from "../../lib/trpc";
import { isSessionExpired } from "../../lib/use-session-expiry";
import type { TicketListItem, TicketListResult } from "./api-types";
import { ticketListInput, type DashboardSearch } from "./dashboard-search";
import { MetricCards } from "./metric-cards";
import { NEW_TICKET_ID } from "./new-ticket-id";
import { BulkActionBar } from "./bulk-action-bar";
import { TicketFilters } from "./ticket-filters";
import { TicketList, type TicketListDesk } from "./ticket-list";
import { TicketViewsNav } from "./ticket-views-nav";
import { useAssignToMe } from "./use-assign-to-me";
import { TimeReminderBanner } from "../time/time-reminder-banner";

/** The list's shortcuts, as the "?" dialog lists them. */
const LIST_SHORTCUTS: ShortcutHelp[] = [
  { keys: ["j"], does: "Highlight the next ticket" },
  { keys: ["k"], does: "Highlight the previous ticket" },
  { keys: ["Enter"], does: "Open the highlighted ticket" },
  { keys: ["a"], does: "Assign the highlighted ticket to me" },
  { keys: ["x"], does: "Select or unselect the highlighted ticket" },
];

const route = getRouteApi("/_staff-portal/dashboard");

/** /dashboard: SLA metrics and every client's tickets, searchable, filtered and paged (docs/product-spec.md §2). */
export function StaffDashboardPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const metrics = trpc.metrics.overview.useQuery({ range: METRICS_RANGE });
  const list = trpc.tickets.list.useQuery(ticketListInput(search), { placeholderData: keepPreviousData });

  useFailureToast(metrics.error, "Failed to fetch metrics");
  useFailureToast(list.error, "Failed to fetch tickets");

  const setSearch = (next: DashboardSearch) => void navigate({ search: next, replace: true });
  // Opening a view is a step of its own: Back returns to the view before.
  const openView = (next: DashboardSearch) => void navigate({ search: next });
  const page = search.page ?? 1;
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / STAFF_TICKET_PAGE_SIZE));
  const desk = useDesk(list.data?.tickets ?? [], JSON.stringify(ticketListInput(search)));

  return (
    <Container size="xl" py="xl">
      <StaffPageHeader
        title="Dashboard"
        description="SLA over the last 7 days and every client's tickets."
        action={
          <ButtonLink to="/tickets/$id" params={{ id: NEW_TICKET_ID }}>
            New Ticket
          </ButtonLink>
        }
      />

      <TimeReminderBanner />

      <MetricCards
        metrics={metrics.data}
        loading={metrics.isPending && !metrics.isError}
        onStatusClick={(status) => setSearch({ q: search.q, priority: search.priority, status })}
      />

      <Grid mt="lg" gap="lg">
        <Grid.Col span={{ base: 12, md: 3 }}>
          <Card withBorder padding="md">
            <TicketViewsNav search={search} onOpen={openView} canWrite={desk.canWrite} isAdmin={desk.isAdmin} />
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          <Card withBorder padding="lg">
            <Stack gap="md">
              <Group justify="space-between" gap="xs">
                <Title order={2} size="h3">
                  {search.view ? `Tickets: ${TICKET_VIEW_LABELS[search.view]}` : "Tickets"}
                </Title>
                <Button variant="subtle" size="compact-sm" onClick={() => desk.setHelpOpen(true)}>
                  Keyboard shortcuts (?)
                </Button>
              </Group>
              {/* A filter change starts again at page 1 and leaves the saved view it came from; the queue stays. */}
              <TicketFilters
                search={search}
                onChange={({ q, status, priority, sort }) =>
                  setSearch({ q, status, priority, sort, view: search.view })
                }
              />
              {desk.selectedIds.length > 0 && (
                <BulkActionBar ids={desk.selectedIds} isAdmin={desk.isAdmin} onDone={desk.clearSelection} />
              )}
              <TicketListBody
                result={list.data}
                pending={list.isPending}
                failed={list.isError}
                filtered={Boolean(search.q || search.status || search.priority || search.view)}
                desk={desk.list}
              />
              {total > 0 && (
                <Group justify="space-between" wrap="wrap" gap="sm">
                  <Text size="sm" c="dimmed" aria-live="polite">
                    {rangeText(page, total, list.data?.totalCapped ?? false)}
                  </Text>
                  {pages > 1 && (
                    <Pagination
                      total={pages}
                      value={Math.min(page, pages)}
                      onChange={(next) => setSearch({ ...search, page: next > 1 ? next : undefined })}
                      getControlProps={(control) => ({ "aria-label": `${control} page` })}
                      aria-label="Pages"
                    />
                  )}
                </Group>
              )}
            </Stack>
          </Card>
        </Grid.Col>
      </Grid>
      <ShortcutsDialog opened={desk.helpOpen} onClose={() => desk.setHelpOpen(false)} shortcuts={LIST_SHORTCUTS} />
    </Container>
  );
}

/**
 * The agent desk's state over the list (docs/architecture.md §18): the selection for bulk actions, the
 * keyboard's highlighted row, Assign to me, and the shortcuts. `listKey` names the list shown; when it
 * changes (another view, filter or page) the selection and highlight start over.
 */
function useDesk(tickets: TicketListItem[], listKey: string) {
  const navigate = route.useNavigate();
  const me = readStoredUser();
  const canWrite = me?.role === "ADMIN" || me?.role === "AGENT";
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [highlighted, setHighlighted] = useState(-1);
  const [helpOpen, setHelpOpen] = useState(false);
  const assign = useAssignToMe();

  useEffect(() => {
    void listKey;
    setSelected(new Set());
    setHighlighted(-1);
  }, [listKey]);

  const toggle = (id: string) =>
    setSelected((old) => {
      const next = new Set(old);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const current = tickets[highlighted];
  const openHighlighted = () => current && void navigate({ to: "/tickets/$id", params: { id: current.id } });
  useShortcuts(
    {
      j: () => setHighlighted((i) => Math.min(i + 1, tickets.length - 1)),
      k: () => setHighlighted((i) => Math.max(i - 1, 0)),
      Enter: openHighlighted,
      a: () => current && canWrite && assign.run(current.id),
      x: () => current && canWrite && toggle(current.id),
      "?": () => setHelpOpen(true),
    },
    !helpOpen,
  );

  const list: TicketListDesk = {
    canWrite,
    selected,
    onToggle: toggle,
    onToggleAll: () =>
      setSelected((old) => (tickets.every((t) => old.has(t.id)) ? new Set() : new Set(tickets.map((t) => t.id)))),
    highlighted,
    myEmail: me?.email,
    onAssignToMe: assign.run,
    assigning: assign.pendingId,
  };
  return {
    list,
    canWrite,
    isAdmin: me?.role === "ADMIN",
    // Only rows of the page shown: a selection never acts on tickets out of sight.
    selectedIds: tickets.filter((t) => selected.has(t.id)).map((t) => t.id),
    clearSelection: () => setSelected(new Set()),
    helpOpen,
    setHelpOpen,
  };
}

export function TicketListBody({
  result,
  pending,
  failed,
  filtered,
  desk,
}: {
  result?: TicketListResult;
  pending: boolean;
  failed: boolean;
  /** A search, status, priority or view narrows the list: an empty list then says so. */
  filtered: boolean;
  desk: TicketListDesk;
}) {
  if (pending) {
    return <LoadingStatus>Loading tickets...</LoadingStatus>;
  }
  if (!result) {
    return (
      <Text c="red" py="lg" ta="center" role="alert">
        {failed ? "Failed to fetch tickets" : "No tickets."}
      </Text>
    );
  }
  if (result.tickets.length === 0) {
    return (
      <Text c="dimmed" py="xl" ta="center">
        {filtered
          ? "No tickets match these filters."
          : "No tickets yet. Tickets from the website form, the client portal and mail appear here."}
      </Text>
    );
  }
  return <TicketList tickets={result.tickets} desk={desk} />;
}

const count = new Intl.NumberFormat("en-CA");

/** "Showing 21–40 of 53"; past the server's counting cap, "of 10,000+". */
function rangeText(page: number, total: number, capped: boolean): string {
  const first = (page - 1) * STAFF_TICKET_PAGE_SIZE + 1;
  const last = Math.min(page * STAFF_TICKET_PAGE_SIZE, total);
  const of = `${count.format(total)}${capped ? "+" : ""}`;
  return first > total ? `${of} tickets` : `Showing ${first}–${last} of ${of}`;
}

/** A failed load says so once per failure (docs/product-spec.md §8); a 401 is the session watcher's to report. */
function useFailureToast(error: unknown, message: string) {
  useEffect(() => {
    if (error && !isSessionExpired(error)) showFailure(message);
  }, [error, message]);
}
