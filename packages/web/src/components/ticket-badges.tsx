// A ticket's status and priority badges in the colours of docs/product-spec.md §4. Both portals use them;
// the portals differ in the priority wording (client: Urgent ... Low, staff: P1 Critical ... P4 Low) and in style.
import type { BadgeProps } from "@mantine/core";
import {
  TICKET_PRIORITY_COLORS,
  TICKET_STATUS_COLORS,
  TICKET_STATUS_LABELS,
  type TicketPriority,
  type TicketStatus,
} from "@repo/validators";
import type { ReactNode } from "react";
import { EnumBadge } from "./enum-badge";

/** The status badge; `children` follow the label (the staff dashboard's counts). */
export function StatusBadge({ status, ...props }: { status: TicketStatus; children?: ReactNode } & BadgeProps) {
  return (
    <EnumBadge value={status} colors={TICKET_STATUS_COLORS} labels={TICKET_STATUS_LABELS} variant="light" {...props} />
  );
}

interface PriorityBadgeProps extends BadgeProps {
  priority: TicketPriority;
  labels: Record<TicketPriority, string>;
}

export function PriorityBadge({ priority, ...props }: PriorityBadgeProps) {
  return <EnumBadge value={priority} colors={TICKET_PRIORITY_COLORS} {...props} />;
}
