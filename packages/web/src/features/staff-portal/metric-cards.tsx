import { Card, Group, SimpleGrid, Skeleton, Text, ThemeIcon, UnstyledButton, VisuallyHidden } from "@mantine/core";
import { FINISHED_STATUSES, TICKET_STATUSES, type TicketStatus } from "@repo/validators";
import type { MetricsOverview } from "./api-types";
import { TicketStatusBadge } from "./ticket-badges";

interface MetricCardsProps {
  metrics: MetricsOverview | undefined;
  loading: boolean;
  /** Picks a status in the list's filter when its count is clicked. */
  onStatusClick(status: TicketStatus): void;
}

/** Open tickets still on someone's desk: every status but RESOLVED and CLOSED. */
export function openTicketCount(statusCounts: Partial<Record<TicketStatus, number>>): number {
  return TICKET_STATUSES.filter((s) => !FINISHED_STATUSES.includes(s)).reduce(
    (sum, s) => sum + (statusCounts[s] ?? 0),
    0,
  );
}

/** "5 opened · 3 resolved in 7 days": the trend of the metrics range, summed. */
export function weekSummary(trend: MetricsOverview["trend"]): string {
  const opened = trend.reduce((sum, day) => sum + day.created, 0);
  const resolved = trend.reduce((sum, day) => sum + day.resolved, 0);
  return `${opened} opened · ${resolved} resolved in ${trend.length} days`;
}

/** The dashboard's four metric cards (docs/product-spec.md §2) and the count of tickets in each status. */
export function MetricCards({ metrics, loading, onStatusClick }: MetricCardsProps) {
  const cards = [
    {
      label: "Open Tickets",
      value: metrics ? openTicketCount(metrics.statusCounts) : undefined,
      hint: metrics ? weekSummary(metrics.trend) : "Not yet resolved or closed",
      color: "blue",
    },
    { label: "Overdue", value: metrics?.overdue, hint: "Past their resolution due time", color: "red" },
    { label: "Due Today", value: metrics?.dueToday, hint: "Resolution due before end of day", color: "orange" },
    { label: "SLA At Risk", value: metrics?.slaAtRisk, hint: "75% or more of the target used", color: "yellow" },
  ];

  return (
    <>
      <SimpleGrid cols={{ base: 2, lg: 4 }} spacing={{ base: "xs", sm: "md" }}>
        {cards.map((card) => (
          <Card key={card.label} withBorder padding="lg" role="group" aria-label={card.label}>
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <Text size="sm" c="dimmed" fw={600} tt="uppercase">
                {card.label}
              </Text>
              <ThemeIcon color={card.color} variant="light" size="sm" radius="xl" aria-hidden>
                <span style={{ width: 8, height: 8, borderRadius: 8, background: "currentColor" }} />
              </ThemeIcon>
            </Group>
            {loading ? (
              <Skeleton height={34} width={60} mt="sm" />
            ) : (
              <Text fz={32} fw={700} mt="xs" lh={1.2} data-testid={`metric-${card.label}`}>
                {card.value ?? "–"}
              </Text>
            )}
            <Text size="xs" c="dimmed" mt={4}>
              {card.hint}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      {metrics && (
        <Group gap="xs" mt="md" aria-label="Tickets by status" role="group">
          {TICKET_STATUSES.map((status) => (
            // Named by what it shows ("Resolved · 4") within a sentence, so the name holds the visible text
            // (WCAG 2.5.3): "Show Resolved · 4 tickets".
            <UnstyledButton key={status} onClick={() => onStatusClick(status)}>
              <VisuallyHidden>Show </VisuallyHidden>
              <TicketStatusBadge
                status={status}
                count={metrics.statusCounts[status] ?? 0}
                size="lg"
                tt="none"
                style={{ cursor: "pointer" }}
              />
              <VisuallyHidden> tickets</VisuallyHidden>
            </UnstyledButton>
          ))}
        </Group>
      )}
    </>
  );
}
