// A ticket's status and priority badges in the colours of docs/product-spec.md §4. Both portals use them;
// the portals differ in the priority wording (client: Urgent ... Low, staff: P1 Critical ... P4 Low) and in style.
import { Badge, type BadgeProps } from "@mantine/core";
import {
  TICKET_PRIORITY_COLORS,
  TICKET_STATUS_COLORS,
  TICKET_STATUS_LABELS,
  type TicketPriority,
  type TicketStatus,
} from "@repo/validators";
import type { ReactNode } from "react";

/** The status badge; `children` follow the label (the staff dashboard's counts). */
export function StatusBadge({
  status,
  children,
  ...props
}: { status: TicketStatus; children?: ReactNode } & BadgeProps) {
  return (
    <Badge color={TICKET_STATUS_COLORS[status]} variant="light" {...props}>
      {TICKET_STATUS_LABELS[status]}
      {children}
    </Badge>
  );
}

interface PriorityBadgeProps extends BadgeProps {
  priority: TicketPriority;
  labels: Record<TicketPriority, string>;
}

export function PriorityBadge({ priority, labels, ...props }: PriorityBadgeProps) {
  return (
    <Badge color={TICKET_PRIORITY_COLORS[priority]} {...props}>
      {labels[priority]}
    </Badge>
  );
}
