import { Card, Container, Group, Pagination, Stack, Text, Title } from "@mantine/core";
import { METRICS_RANGE, STAFF_TICKET_PAGE_SIZE } from "@repo/validators";
import { keepPreviousData } from "@tanstack/react-query";
import { getRouteApi } from "@tanstack/react-router";
import { useEffect } from "react";
import { LoadingStatus, StaffPageHeader } from "../../components/staff-page";
import { ButtonLink } from "../../components/router-links";
import { showFailure } from "../../lib/staff-toasts";
import { trpc } from "../../lib/trpc";
import { isSessionExpired } from "../../lib/use-session-expiry";
import type { TicketListResult } from "./api-types";
import { ticketListInput, type DashboardSearch } from "./dashboard-search";
import { MetricCards } from "./metric-cards";
import { NEW_TICKET_ID } from "./new-ticket-id";
import { TicketFilters } from "./ticket-filters";
import { TicketList } from "./ticket-list";

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
  const page = search.page ?? 1;
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / STAFF_TICKET_PAGE_SIZE));

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

      <MetricCards
        metrics={metrics.data}
        loading={metrics.isPending && !metrics.isError}
        onStatusClick={(status) => setSearch({ q: search.q, priority: search.priority, status })}
      />

      <Card withBorder mt="lg" padding="lg">
        <Stack gap="md">
          <Title order={2} size="h3">
            Tickets
          </Title>
          {/* A filter change starts again at page 1: page 3 of the old results means nothing now. */}
          <TicketFilters search={search} onChange={({ q, status, priority }) => setSearch({ q, status, priority })} />
          <TicketListBody result={list.data} pending={list.isPending} failed={list.isError} />
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
    </Container>
  );
}

function TicketListBody({ result, pending, failed }: { result?: TicketListResult; pending: boolean; failed: boolean }) {
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
        No tickets match these filters.
      </Text>
    );
  }
  return <TicketList tickets={result.tickets} />;
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
