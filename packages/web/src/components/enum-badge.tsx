import { Badge, type BadgeProps } from "@mantine/core";
import type { ReactNode } from "react";

interface EnumBadgeProps<Value extends string> extends BadgeProps {
  value: Value;
  colors: Record<Value, string>;
  labels: Record<Value, string>;
  /** Follows the label (the staff dashboard's counts, a mail's tries). */
  children?: ReactNode;
}

/** One value of a set (a ticket status, a priority, a mail's state) as a badge: its label in its colour. */
export function EnumBadge<Value extends string>({ value, colors, labels, children, ...props }: EnumBadgeProps<Value>) {
  return (
    <Badge color={colors[value]} {...props}>
      {labels[value]}
      {children}
    </Badge>
  );
}
