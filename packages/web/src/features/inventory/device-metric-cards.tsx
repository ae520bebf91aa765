import { Paper, SimpleGrid, Skeleton, Text } from "@mantine/core";
import type { DeviceMetrics } from "@repo/validators";

/**
 * docs/product-spec.md §9: total, in use, spare shown as "Available", at risk, warranty expiring. At Risk
 * says what it leaves out, as the compliance badge does: retired devices are not assessed.
 */
const CARDS: { key: keyof DeviceMetrics; label: string; color?: string; note?: string }[] = [
  { key: "total", label: "Total Devices" },
  { key: "inUse", label: "In Use" },
  { key: "available", label: "Available" },
  { key: "atRisk", label: "At Risk", color: "red", note: "Retired devices are not assessed" },
  { key: "warrantyExpiring", label: "Warranty Expiring", color: "orange" },
];

export function DeviceMetricCards({ metrics }: { metrics: DeviceMetrics | undefined }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm">
      {CARDS.map((card) => (
        <Paper key={card.key} withBorder p="md" radius="md" aria-label={card.label}>
          <Text size="sm" c="dimmed">
            {card.label}
          </Text>
          {metrics ? (
            <Text
              fz={28}
              fw={700}
              c={metrics[card.key] > 0 ? card.color : undefined}
              data-testid={`metric-${card.key}`}
            >
              {metrics[card.key]}
            </Text>
          ) : (
            <Skeleton h={34} mt={4} w={48} />
          )}
          {card.note && (
            <Text size="xs" c="dimmed">
              {card.note}
            </Text>
          )}
        </Paper>
      ))}
    </SimpleGrid>
  );
}
