// A list as a table: a caption for screen readers (its name, read with the table), the column names, the
// rows, and sideways scrolling below `minWidth` so that narrow screens keep every column readable.
import { Table, VisuallyHidden } from "@mantine/core";
import type { ReactNode } from "react";
import { ColumnHeads } from "./column-heads";

interface ListTableProps {
  label: string;
  columns: string[];
  /** A last column of row buttons (no visible heading). */
  actions?: boolean;
  /** Below this width the table scrolls sideways; without it, it never does. */
  minWidth?: number;
  spacing?: "xs" | "sm";
  highlightOnHover?: boolean;
  children: ReactNode;
}

export function ListTable({
  label,
  columns,
  actions,
  minWidth,
  spacing = "sm",
  highlightOnHover,
  children,
}: ListTableProps) {
  const table = (
    <Table verticalSpacing={spacing} highlightOnHover={highlightOnHover}>
      <VisuallyHidden component="caption">{label}</VisuallyHidden>
      <ColumnHeads labels={columns} actions={actions} />
      <Table.Tbody>{children}</Table.Tbody>
    </Table>
  );
  return minWidth ? <Table.ScrollContainer minWidth={minWidth}>{table}</Table.ScrollContainer> : table;
}
