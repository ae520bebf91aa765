import { Button, Group, Paper, Stack, Table, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { toCsv } from "../../lib/csv";
import { saveFile } from "../../lib/save-file";

type Cell = string | number | null;

export interface ReportTable {
  /** The columns' headings, as the CSV's first line and the table's head. */
  header: string[];
  rows: Cell[][];
}

interface ReportCardProps {
  title: string;
  description: string;
  /** The CSV's file name, without the range (added here). */
  fileName: string;
  range: { from: string; to: string };
  /** The chart's very numbers, for the CSV and for the table under the chart. */
  table: ReportTable;
  children: ReactNode;
}

/**
 * One chart of the reports page, with the data it draws twice more: as a CSV download and as a table a
 * screen reader (or anyone who wants the figures) can read. All three come from `table`, so they agree.
 */
export function ReportCard({ title, description, fileName, range, table, children }: ReportCardProps) {
  const download = () =>
    saveFile(
      new Blob([toCsv(table.header, table.rows)], { type: "text/csv;charset=utf-8" }),
      `${fileName}-${range.from}-to-${range.to}.csv`,
    );
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <div style={{ minWidth: 0 }}>
            <Title order={2} size="h4">
              {title}
            </Title>
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          </div>
          {/* Never shrunk: beside a long description the button was squeezed to "CS". */}
          <Button variant="default" size="xs" flex="none" onClick={download} aria-label={`Download CSV: ${title}`}>
            CSV
          </Button>
        </Group>
        {/* The chart is the table below drawn; inert too, so no part of it takes focus while hidden from
            assistive technology (axe: aria-hidden-focus). */}
        <div aria-hidden="true" inert>
          {children}
        </div>
        <details>
          <summary>
            <Text span size="sm">
              Show the figures
            </Text>
          </summary>
          <Table.ScrollContainer minWidth={320}>
            <Table striped withTableBorder fz="sm" mt="xs">
              <Table.Thead>
                <Table.Tr>
                  {table.header.map((heading) => (
                    <Table.Th key={heading}>{heading}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {table.rows.map((row) => (
                  <Table.Tr key={String(row[0])}>
                    {row.map((cell, i) => (
                      <Table.Td key={table.header[i]}>{cell ?? "—"}</Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </details>
      </Stack>
    </Paper>
  );
}
