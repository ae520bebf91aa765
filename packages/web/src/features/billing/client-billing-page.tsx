import "@mantine/charts/styles.css";
import { BarChart, LineChart } from "@mantine/charts";
import { Badge, Container, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { formatDay } from "@repo/content";
import { type Block, formatMinutes } from "@repo/validators";
import { QueryStates } from "../../components/query-states";
import { AnchorLink } from "../../components/router-links";
import { trpc } from "../../lib/trpc";
import { formatMonth, thisMonth } from "./billing-format";
import { burnPercent } from "./agreement-blocks";
import { InvoiceTable } from "./invoice-table";

/** Charts draw hours (one decimal); the text beside them keeps the exact minutes. */
const hours = (minutes: number) => Math.round(minutes / 6) / 10;

/**
 * /client/billing: the company's invoices, its prepaid hours (used against what is left, per block) and
 * the time used this month (docs/features.md §11). Reached from the company profile, not a dashboard tab.
 */
export function ClientBillingPage() {
  const invoices = trpc.billing.clientInvoices.useQuery();
  const blocks = trpc.billing.clientBlocks.useQuery();
  const month = thisMonth();
  const time = trpc.time.clientMonth.useQuery({ month });
  return (
    <Container size="lg" py="xl">
      <Group justify="space-between" mb="lg" align="flex-end">
        <div>
          <Title order={1}>Billing</Title>
          <Text c="dimmed" size="sm">
            Your invoices, prepaid hours and this month's time
          </Text>
        </div>
        <AnchorLink to="/client-dashboard" size="sm">
          Back to dashboard
        </AnchorLink>
      </Group>
      <Stack gap="lg">
        <Paper withBorder p={{ base: "sm", sm: "lg" }} radius="md" component="section" aria-labelledby="invoices-title">
          <Title order={2} size="h4" mb="sm" id="invoices-title">
            Invoices
          </Title>
          <QueryStates
            query={invoices}
            texts={{ loading: "Loading invoices", error: "Failed to load your invoices", empty: "No invoices yet." }}
            isEmpty={(list) => list.length === 0}
          >
            {(list) => <InvoiceTable invoices={list} label="Your invoices" />}
          </QueryStates>
        </Paper>

        <Paper withBorder p={{ base: "sm", sm: "lg" }} radius="md" component="section" aria-labelledby="blocks-title">
          <Title order={2} size="h4" mb="sm" id="blocks-title">
            Prepaid hours
          </Title>
          <QueryStates
            query={blocks}
            texts={{
              loading: "Loading prepaid hours",
              error: "Failed to load your prepaid hours",
              empty: "No prepaid hours.",
            }}
            isEmpty={(list) => list.length === 0}
          >
            {(list) => <PrepaidHours blocks={list} />}
          </QueryStates>
        </Paper>

        <Paper withBorder p={{ base: "sm", sm: "lg" }} radius="md" component="section" aria-labelledby="time-title">
          <Title order={2} size="h4" mb="sm" id="time-title">
            Time used in {formatMonth(month)}
          </Title>
          <QueryStates
            query={time}
            texts={{ loading: "Loading this month's time", error: "Failed to load this month's time", empty: "" }}
            isEmpty={() => false}
          >
            {(summary) =>
              !summary.shown ? (
                <Text size="sm" c="dimmed">
                  Your provider does not show time in the portal.
                </Text>
              ) : summary.tickets.length === 0 ? (
                <Text size="sm" c="dimmed">
                  No billable time yet this month.
                </Text>
              ) : (
                <Stack gap="xs">
                  <Text fw={600}>{formatMinutes(summary.totalMinutes)} in total</Text>
                  <Table aria-label="Time by ticket">
                    <Table.Tbody>
                      {summary.tickets.map((ticket) => (
                        <Table.Tr key={ticket.ticketId ?? "none"}>
                          <Table.Td>
                            {ticket.ticketId ? (
                              <AnchorLink to="/client/tickets/$id" params={{ id: ticket.ticketId }}>
                                #{ticket.ticketReference} {ticket.ticketTitle}
                              </AnchorLink>
                            ) : (
                              "Other work"
                            )}
                          </Table.Td>
                          <Table.Td ta="right">{formatMinutes(ticket.minutes)}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Stack>
              )
            }
          </QueryStates>
        </Paper>
      </Stack>
    </Container>
  );
}

const blockName = (block: Block) => `${formatMinutes(block.minutes)} from ${formatDay(block.purchasedOn)}`;

/**
 * The blocks' burn-down: hours left on each day that used some, one line per block, each day carrying the
 * other blocks' last figure forward.
 */
function burnDownRows(blocks: Block[]) {
  const dates = [...new Set(blocks.flatMap((b) => b.burnDown.map((p) => p.date)))].sort();
  return dates.map((date) => {
    const row: Record<string, string | number | null> = { date: formatDay(date) };
    blocks.forEach((b, i) => {
      const before = b.burnDown.filter((p) => p.date <= date);
      row[`block${i}`] = before.length > 0 ? hours(before[before.length - 1]!.remainingMinutes) : null;
    });
    return row;
  });
}

const LINE_COLORS = ["teal.6", "blue.6", "grape.6", "orange.6", "indigo.6"];

/** Each block's hours left over time and used against left, as charts and in words. */
function PrepaidHours({ blocks }: { blocks: Block[] }) {
  return (
    <Stack gap="md">
      <LineChart
        h={220}
        data={burnDownRows(blocks)}
        dataKey="date"
        connectNulls
        withLegend
        unit=" h"
        series={blocks.map((b, i) => ({
          name: `block${i}`,
          label: `Hours left: ${blockName(b)}`,
          color: LINE_COLORS[i % LINE_COLORS.length]!,
        }))}
      />
      <BarChart
        h={Math.max(120, 56 * blocks.length)}
        orientation="vertical"
        type="stacked"
        data={blocks.map((b) => ({ block: blockName(b), used: hours(b.usedMinutes), left: hours(b.remainingMinutes) }))}
        dataKey="block"
        yAxisProps={{ width: 140 }}
        series={[
          { name: "used", label: "Used h", color: "blue.6" },
          { name: "left", label: "Left h", color: "teal.4" },
        ]}
        withLegend
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {blocks.map((block) => (
          <Paper key={block.id} withBorder p="sm" radius="sm">
            <Group justify="space-between" wrap="nowrap">
              <Text fw={600} size="sm">
                {blockName(block)}
              </Text>
              {block.expired ? (
                <Badge variant="light" color="gray">
                  Expired
                </Badge>
              ) : (
                <Badge variant="light" color={burnPercent(block) >= 80 ? "orange" : "teal"}>
                  {100 - burnPercent(block)}% left
                </Badge>
              )}
            </Group>
            <Text size="sm">
              {formatMinutes(block.remainingMinutes)} left of {formatMinutes(block.minutes)} (
              {formatMinutes(block.usedMinutes)} used)
            </Text>
            <Text size="xs" c="dimmed">
              {block.workTypeNames.join(", ")} · expires {formatDay(block.expiresOn)}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
