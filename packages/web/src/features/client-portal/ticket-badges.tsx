import { Group } from "@mantine/core";
import { CLIENT_PRIORITY_LABELS, type TicketPriority, type TicketStatus } from "@repo/validators";
import { PriorityBadge, StatusBadge } from "../../components/ticket-badges";

/** A ticket's status and priority as the client portal words them. */
export function TicketBadges({ status, priority }: { status: TicketStatus; priority: TicketPriority }) {
  return (
    <Group gap={6} wrap="nowrap">
      <StatusBadge status={status} />
      <PriorityBadge priority={priority} labels={CLIENT_PRIORITY_LABELS} variant="outline" />
    </Group>
  );
}
