import { Badge, type BadgeProps } from "@mantine/core";
import {
  STAFF_PRIORITY_LABELS,
  TICKET_PRIORITY_COLORS,
  TICKET_STATUS_COLORS,
  TICKET_STATUS_LABELS,
  type TicketPriority,
  type TicketStatus,
} from "@repo/validators";

/** A ticket's status in the colour of docs/product-spec.md §4 (NEW blue ... CLOSED dark grey). */
export function TicketStatusBadge({ status, count, ...props }: { status: TicketStatus; count?: number } & BadgeProps) {
  return (
    <Badge color={TICKET_STATUS_COLORS[status]} variant="light" tt="none" {...props}>
      {TICKET_STATUS_LABELS[status]}
      {count !== undefined && ` · ${count}`}
    </Badge>
  );
}

/** A ticket's priority in the colour of docs/product-spec.md §4, with the staff wording (P1 Critical ... P4 Low). */
export function TicketPriorityBadge({ priority, ...props }: { priority: TicketPriority } & BadgeProps) {
  return (
    <Badge color={TICKET_PRIORITY_COLORS[priority]} variant="filled" tt="none" {...props}>
      {STAFF_PRIORITY_LABELS[priority]}
    </Badge>
  );
}

const SLA_BADGES = {
  at_risk: { label: "SLA at risk", color: "yellow" },
  overdue: { label: "Overdue", color: "red" },
} as const;

/** Nothing while the SLA is fine; a warning once 75% of the target is used or the due time has passed. */
export function SlaBadge({
  state,
  paused,
  ...props
}: { state: "ok" | "at_risk" | "overdue"; paused?: boolean } & BadgeProps) {
  if (paused) {
    return (
      <Badge color="gray" variant="outline" {...props}>
        SLA paused
      </Badge>
    );
  }
  if (state === "ok") return null;
  const { label, color } = SLA_BADGES[state];
  return (
    <Badge color={color} variant="outline" {...props}>
      {label}
    </Badge>
  );
}
