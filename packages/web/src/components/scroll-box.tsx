import { Box } from "@mantine/core";
import type { ReactNode } from "react";

/**
 * A table that scrolls sideways inside its card on a narrow screen. The box takes focus, so that a keyboard
 * reaches what is scrolled out of view when the table has no link or button of its own (axe:
 * scrollable-region-focusable); Mantine's Table.ScrollContainer does not.
 */
export function ScrollBox({ label, minWidth, children }: { label: string; minWidth: number; children: ReactNode }) {
  return (
    <Box role="region" aria-label={label} tabIndex={0} style={{ overflowX: "auto" }}>
      <Box miw={minWidth}>{children}</Box>
    </Box>
  );
}
