// A table cell holding a row's status badges: side by side, or stacked where the column is narrow. The
// badges keep their whole text either way (the portal theme never lets a badge truncate).
import { Group, Stack, Table } from "@mantine/core";
import type { ReactNode } from "react";

export function BadgeCell({ stacked = false, children }: { stacked?: boolean; children: ReactNode }) {
  return (
    <Table.Td>
      {stacked ? (
        <Stack gap={4} align="flex-start">
          {children}
        </Stack>
      ) : (
        <Group gap={4} wrap="nowrap">
          {children}
        </Group>
      )}
    </Table.Td>
  );
}
