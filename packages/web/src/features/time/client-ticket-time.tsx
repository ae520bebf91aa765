import { List, Paper, Text, Title } from "@mantine/core";
import { formatDay } from "@repo/content";
import { AnchorLink } from "../../components/router-links";
import { trpc } from "../../lib/trpc";
import { formatMinutes } from "@repo/validators";
import { currentMonth } from "./months";

/**
 * The billable time on a client's ticket (docs/features.md §10), shown only where the client's company has
 * "Show time to the client": the total, and each entry's day, kind of work and the note written for them.
 */
export function ClientTicketTime({ ticketId }: { ticketId: string }) {
  const time = trpc.time.clientTicketTime.useQuery({ id: ticketId });
  if (!time.data?.shown || time.data.entries.length === 0) return null;
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="ticket-time-title">
      <Title order={2} size="h4" id="ticket-time-title">
        Time on this ticket: {formatMinutes(time.data.billableMinutes)}
      </Title>
      <List mt="sm" spacing={4} size="sm">
        {time.data.entries.map((entry, i) => (
          // Entries carry no id to the client; their order is the server's (day, then recorded).
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <List.Item key={i}>
            <Text span size="sm">
              {formatDay(entry.date)}: {formatMinutes(entry.minutes)} of {entry.workTypeName.toLowerCase()}
              {entry.note ? `: ${entry.note}` : ""}
            </Text>
          </List.Item>
        ))}
      </List>
      <AnchorLink to="/client/time" search={{ month: currentMonth() }} size="sm" mt="sm" display="inline-block">
        See your company's time by month
      </AnchorLink>
    </Paper>
  );
}
