import { Table } from "@mantine/core";

interface ColumnHeadsProps {
  labels: string[];
  /** A last column of row buttons: no visible heading, "Actions" for screen readers. */
  actions?: boolean;
}

/** A table's header row of plain column names. */
export function ColumnHeads({ labels, actions = false }: ColumnHeadsProps) {
  return (
    <Table.Thead>
      <Table.Tr>
        {labels.map((label) => (
          <Table.Th key={label}>{label}</Table.Th>
        ))}
        {actions && <Table.Th aria-label="Actions" />}
      </Table.Tr>
    </Table.Thead>
  );
}
