import { Alert, Button, Center, Container, Group, Loader, Paper, Stack, Table, Text, Title } from "@mantine/core";
import { getRouteApi, useNavigate } from "@tanstack/react-router";
import { AnchorLink, ButtonLink } from "../../components/router-links";
import { trpc } from "../../lib/trpc";
import { formatMinutes } from "@repo/validators";
import { currentMonth, formatMonth, shiftMonth } from "./months";

const route = getRouteApi("/_client-portal/client/time");

/**
 * /client/time (docs/features.md §10): the company's billable hours of a month by ticket, shown only where
 * its profile has "Show time to the client" (the server answers `shown: false` otherwise, with nothing).
 */
export function ClientTimeMonthPage() {
  const month = route.useSearch().month ?? currentMonth();
  const navigate = useNavigate();
  const summary = trpc.time.clientMonth.useQuery({ month });
  const go = (next: string) => navigate({ to: "/client/time", search: { month: next } });
  const label = formatMonth(month);

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end">
          <div>
            <Title order={1}>Time by month</Title>
            <Text c="dimmed" size="sm">
              The billable time we recorded for your company, by ticket.
            </Text>
          </div>
          <ButtonLink to="/client-dashboard" variant="default" size="xs">
            Back to dashboard
          </ButtonLink>
        </Group>
        <Group gap="xs" aria-label="Month">
          <Button variant="default" size="xs" onClick={() => go(shiftMonth(month, -1))}>
            Previous month
          </Button>
          <Title order={2} size="h3" miw={180} ta="center" aria-live="polite">
            {label}
          </Title>
          <Button
            variant="default"
            size="xs"
            disabled={month >= currentMonth()}
            onClick={() => go(shiftMonth(month, 1))}
          >
            Next month
          </Button>
        </Group>
        {summary.isPending ? (
          <Center py="xl">
            <Loader role="status" aria-label="Loading time" />
          </Center>
        ) : summary.isError ? (
          <Alert color="red" role="alert" title="Could not load the time">
            {summary.error.message}
          </Alert>
        ) : !summary.data.shown ? (
          <Alert color="gray" title="Time is not shown">
            Your company's time is not shared in the portal. Ask us if you would like to see it.
          </Alert>
        ) : summary.data.tickets.length === 0 ? (
          <Paper withBorder p="lg" radius="md">
            <Text c="dimmed">No billable time in {label}.</Text>
          </Paper>
        ) : (
          <Paper withBorder p="lg" radius="md">
            <Table aria-label={`Billable time in ${label}`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Ticket</Table.Th>
                  <Table.Th ta="right">Time</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {summary.data.tickets.map((row) => (
                  <Table.Tr key={row.ticketId ?? row.ticketReference ?? "none"}>
                    <Table.Td>
                      {row.ticketId ? (
                        <AnchorLink to="/client/tickets/$id" params={{ id: row.ticketId }}>
                          {`#${row.ticketReference} ${row.ticketTitle ?? ""}`}
                        </AnchorLink>
                      ) : row.ticketReference ? (
                        `#${row.ticketReference} ${row.ticketTitle ?? ""}`
                      ) : (
                        "General work (no ticket)"
                      )}
                    </Table.Td>
                    <Table.Td ta="right">{formatMinutes(row.minutes)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
              <Table.Tfoot>
                <Table.Tr>
                  <Table.Th>Total</Table.Th>
                  <Table.Th ta="right">{formatMinutes(summary.data.totalMinutes)}</Table.Th>
                </Table.Tr>
              </Table.Tfoot>
            </Table>
          </Paper>
        )}
      </Stack>
    </Container>
  );
}
