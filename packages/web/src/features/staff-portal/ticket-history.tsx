import { Text, Timeline } from "@mantine/core";
import { SectionCard } from "../../components/section-card";
import { type QueryTexts, QueryStates } from "../../components/query-states";
import { TimeAgo } from "../../components/time-ago";
import { trpc } from "../../lib/trpc";
import { describeHistoryEntry, type HistoryNames } from "./describe-history";

const HISTORY_TEXTS: QueryTexts = {
  loading: "Loading history",
  error: "The history could not be loaded.",
  empty: "No changes recorded.",
};

/** The ticket's audit log, oldest first (beyond the spec): who changed what, and when. */
export function TicketHistory({ ticketId, names }: { ticketId: string; names: HistoryNames }) {
  const history = trpc.tickets.history.useQuery({ id: ticketId });

  return (
    <SectionCard titleId="history-title" title="History">
      <QueryStates query={history} texts={HISTORY_TEXTS} isEmpty={(data) => data.history.length === 0}>
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
                    <TimeAgo iso={entry.createdAt} />
                  </Text>
                </Timeline.Item>
              );
            })}
          </Timeline>
        )}
      </QueryStates>
    </SectionCard>
  );
}
