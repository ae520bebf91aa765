import { Badge, type BadgeProps } from "@mantine/core";
import { STAFF_PRIORITY_LABELS, type TicketPriority, type TicketStatus } from "@repo/validators";
import { PriorityBadge, StatusBadge } from "../../components/ticket-badges";

/** A ticket's status in the colour of docs/product-spec.md §4 (NEW blue ... CLOSED dark grey). */
export function TicketStatusBadge({ status, count, ...props }: { status: TicketStatus; count?: number } & BadgeProps) {
  return (
    <StatusBadge status={status} tt="none" {...props}>
      {count !== undefined && ` · ${count}`}
    </StatusBadge>
  );
}

/** A ticket's priority in the colour of docs/product-spec.md §4, with the staff wording (P1 Critical ... P4 Low). */
export function TicketPriorityBadge({ priority, ...props }: { priority: TicketPriority } & BadgeProps) {
  return <PriorityBadge priority={priority} labels={STAFF_PRIORITY_LABELS} variant="filled" tt="none" {...props} />;
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
