import { Paper, SimpleGrid, Skeleton, Text } from "@mantine/core";

/** The dashboard's counters (docs/product-spec.md §2), as GET /api/client/tickets/counts counts them. */
interface TicketCounts {
  open: number;
  inProgress: number;
  resolved: number;
  total: number;
}

const COUNTERS: { key: keyof TicketCounts; label: string; color: string }[] = [
  { key: "open", label: "Open Tickets", color: "blue" },
  { key: "inProgress", label: "In Progress", color: "grape" },
  { key: "resolved", label: "Resolved", color: "green" },
  { key: "total", label: "Total", color: "dark" },
];

export function TicketCounters({ counts }: { counts: TicketCounts | undefined }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
      {COUNTERS.map((counter) => (
        <Paper key={counter.key} withBorder p="md" radius="md" role="group" aria-label={counter.label}>
          <Text size="sm" c="dimmed">
            {counter.label}
          </Text>
          {counts ? (
            <Text fz={28} fw={700} c={counter.color} data-testid={`count-${counter.key}`}>
              {counts[counter.key]}
            </Text>
          ) : (
            <Skeleton h={34} mt={4} w={48} />
          )}
        </Paper>
      ))}
    </SimpleGrid>
  );
}
