import { Badge, Button, Drawer, Group, Stack, Table, Text } from "@mantine/core";
import type { WebhookSubscription } from "@repo/validators";
import { toastOutcome } from "../../lib/staff-toasts";
import { trpc } from "../../lib/trpc";

const STATUS_COLORS: Record<string, string> = {
  delivered: "green",
  pending: "blue",
  sending: "blue",
  failed: "orange",
  dead: "red",
};

/** One subscription's deliveries, newest first, a page at a time, each finished one with a resend. */
export function DeliveryLog({
  subscription,
  onClose,
}: {
  subscription: WebhookSubscription | null;
  onClose: () => void;
}) {
  const utils = trpc.useUtils();
  const log = trpc.webhooks.deliveries.useInfiniteQuery(
    { id: subscription?.id ?? "00000000-0000-0000-0000-000000000000", limit: 25 },
    { enabled: subscription !== null, getNextPageParam: (page) => page.nextCursor ?? undefined },
  );
  const resend = trpc.webhooks.resend.useMutation(
    toastOutcome(
      () => ["Delivery queued again", "It goes out with the same webhook-id."],
      "Failed to resend",
      () => utils.webhooks.deliveries.invalidate(),
    ),
  );
  const rows = log.data?.pages.flatMap((p) => p.deliveries) ?? [];
  return (
    <Drawer
      opened={subscription !== null}
      onClose={onClose}
      position="right"
      size="xl"
      title={`Delivery log: ${subscription?.url ?? ""}`}
    >
      <Stack>
        {rows.length === 0 ? (
          <Text c="dimmed" size="sm">
            {log.isPending ? "Loading..." : "No deliveries yet."}
          </Text>
        ) : (
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th>
                <Table.Th>Event</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Tries</Table.Th>
                <Table.Th>Answer</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((d) => (
                <Table.Tr key={d.id}>
                  <Table.Td>
                    <Text size="xs">{new Date(d.createdAt).toLocaleString()}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs">{d.eventType}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge color={STATUS_COLORS[d.status]}>{d.status}</Badge>
                  </Table.Td>
                  <Table.Td>{d.attempts}</Table.Td>
                  <Table.Td>
                    <Text size="xs">
                      {d.lastStatusCode ?? ""} {d.lastError ?? ""}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {(d.status === "delivered" || d.status === "dead") && (
                      <Button size="compact-xs" variant="light" onClick={() => resend.mutate({ deliveryId: d.id })}>
                        Resend
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {log.hasNextPage && (
          <Group justify="center">
            <Button variant="default" onClick={() => log.fetchNextPage()} loading={log.isFetchingNextPage}>
              Older deliveries
            </Button>
          </Group>
        )}
      </Stack>
    </Drawer>
  );
}
