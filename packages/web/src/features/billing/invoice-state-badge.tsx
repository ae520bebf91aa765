import { Badge } from "@mantine/core";
import type { InvoiceState } from "@repo/validators";
import { INVOICE_STATE_BADGES } from "./billing-format";

/** An invoice's state as people read it: draft, open, overdue, paid or credited (light, for contrast). */
export function InvoiceStateBadge({ state }: { state: InvoiceState }) {
  const { label, color } = INVOICE_STATE_BADGES[state];
  return (
    <Badge variant="light" color={color}>
      {label}
    </Badge>
  );
}
