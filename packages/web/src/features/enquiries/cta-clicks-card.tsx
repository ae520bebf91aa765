import { Card, Group, Progress, Stack, Text, Title } from "@mantine/core";
import { CONTACT_SERVICE_LABELS, type ContactService } from "@repo/validators";
import { trpc } from "../../lib/trpc";

const RANGE = "30d";

/** "Get a quote" clicks per service over the last 30 days: the first-party counter of docs/architecture.md. */
export function CtaClicksCard() {
  const clicks = trpc.metrics.cta.useQuery({ range: RANGE });
  const totals = clicks.data?.totals ?? [];
  const most = Math.max(1, ...totals.map((t) => t.count));

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="cta-title">
      <Title order={2} size="h4" id="cta-title">
        Get a quote clicks
      </Title>
      <Text size="xs" c="dimmed" mb="md">
        Last 30 days, counted without cookies
      </Text>
      {clicks.isPending ? (
        <Text size="sm" c="dimmed">
          Loading...
        </Text>
      ) : clicks.isError ? (
        <Text size="sm" c="red">
          The click counts could not be loaded.
        </Text>
      ) : totals.length === 0 ? (
        <Text size="sm" c="dimmed">
          No clicks yet.
        </Text>
      ) : (
        <Stack gap="sm">
          {totals.map((total) => (
            <div key={total.service}>
              <Group justify="space-between" gap="xs">
                <Text size="sm">{CONTACT_SERVICE_LABELS[total.service as ContactService] ?? total.service}</Text>
                <Text size="sm" fw={600}>
                  {total.count}
                </Text>
              </Group>
              <Progress value={(total.count / most) * 100} size="sm" aria-hidden />
            </div>
          ))}
        </Stack>
      )}
    </Card>
  );
}
