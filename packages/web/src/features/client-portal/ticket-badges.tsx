import { Badge, Group } from "@mantine/core";
import {
  CLIENT_PRIORITY_LABELS,
  TICKET_PRIORITY_COLORS,
  TICKET_STATUS_COLORS,
  TICKET_STATUS_LABELS,
  type TicketPriority,
  type TicketStatus,
} from "@repo/validators";

/** A ticket's status and priority as the client portal words them. */
export function TicketBadges({ status, priority }: { status: TicketStatus; priority: TicketPriority }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Badge color={TICKET_STATUS_COLORS[status]} variant="light">
        {TICKET_STATUS_LABELS[status]}
      </Badge>
      <Badge color={TICKET_PRIORITY_COLORS[priority]} variant="outline">
        {CLIENT_PRIORITY_LABELS[priority]}
      </Badge>
    </Group>
  );
}
