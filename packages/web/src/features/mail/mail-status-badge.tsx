import { Badge, type BadgeProps } from "@mantine/core";
import { MAIL_STATUS_COLORS, MAIL_STATUS_LABELS, type MailStatus } from "./mail-labels";

/** A mail's delivery state; the number of tries shows once there was more than one. */
export function MailStatusBadge({
  status,
  attempts,
  ...props
}: { status: MailStatus; attempts?: number } & BadgeProps) {
  return (
    <Badge color={MAIL_STATUS_COLORS[status]} variant="light" tt="none" {...props}>
      {MAIL_STATUS_LABELS[status]}
      {attempts !== undefined && attempts > 1 && ` · ${attempts} tries`}
    </Badge>
  );
}
