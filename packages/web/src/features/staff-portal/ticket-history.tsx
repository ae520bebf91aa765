import { Card, Text, Timeline, Title } from "@mantine/core";
import { QueryStates } from "../../components/query-states";
import { formatStaffDateTime } from "../../lib/format-date";
import { trpc } from "../../lib/trpc";
import { describeHistoryEntry, type HistoryNames } from "./describe-history";

/** The ticket's audit log, oldest first (beyond the spec): who changed what, and when. */
export function TicketHistory({ ticketId, names }: { ticketId: string; names: HistoryNames }) {
  const history = trpc.tickets.history.useQuery({ id: ticketId });

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="history-title">
      <Title order={2} size="h3" id="history-title" mb="md">
        History
      </Title>
      <QueryStates
        query={history}
        loadingLabel="Loading history"
        errorText="The history could not be loaded."
        emptyText="No changes recorded."
        isEmpty={(data) => data.history.length === 0}
      >
        {(data) => (
          <Timeline bulletSize={12} lineWidth={2}>
            {data.history.map((entry) => {
              const { summary, details } = describeHistoryEntry(entry, names);
              return (
                <Timeline.Item key={entry.id} title={summary}>
                  {details.map((line) => (
                    <Text key={line} size="sm" c="dimmed">
                      {line}
                    </Text>
                  ))}
                  <Text size="xs" c="dimmed" mt={2}>
                    {formatStaffDateTime(entry.createdAt)}
                  </Text>
                </Timeline.Item>
              );
            })}
          </Timeline>
        )}
      </QueryStates>
    </Card>
  );
}
