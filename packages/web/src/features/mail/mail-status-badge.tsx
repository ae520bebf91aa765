import type { BadgeProps } from "@mantine/core";
import { EnumBadge } from "../../components/enum-badge";
import { MAIL_STATUS_COLORS, MAIL_STATUS_LABELS, type MailStatus } from "./mail-labels";

/** A mail's delivery state; the number of tries shows once there was more than one. */
export function MailStatusBadge({
  status,
  attempts,
  ...props
}: { status: MailStatus; attempts?: number } & BadgeProps) {
  return (
    <EnumBadge
      value={status}
      colors={MAIL_STATUS_COLORS}
      labels={MAIL_STATUS_LABELS}
      variant="light"
      tt="none"
      {...props}
    >
      {attempts !== undefined && attempts > 1 && ` · ${attempts} tries`}
    </EnumBadge>
  );
}
