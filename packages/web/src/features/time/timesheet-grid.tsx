import { ActionIcon, Badge, Group, Table, Text } from "@mantine/core";
import { formatDay, formatWeekday } from "@repo/content";
import type { TimeEntry, Timesheet } from "@repo/validators";
import { toastOutcome } from "../../lib/staff-toasts";
import { trpc } from "../../lib/trpc";
import { formatMinutes } from "@repo/validators";

const minutesCell = (minutes: number) => (minutes === 0 ? "" : formatMinutes(minutes));
const rowLabel = (row: { ticketReference: string | null; ticketTitle: string | null }) =>
  row.ticketReference ? `#${row.ticketReference} ${row.ticketTitle ?? ""}` : "No ticket";

/** The week as a grid: a row per ticket and work type, a column per day; every total is the sum of its cells. */
export function TimesheetGrid({ sheet }: { sheet: Timesheet }) {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped withTableBorder aria-label="Time by day">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Ticket</Table.Th>
            <Table.Th>Work type</Table.Th>
            {sheet.days.map((day) => (
              <Table.Th key={day} ta="right">
                {formatWeekday(day)}
              </Table.Th>
            ))}
            <Table.Th ta="right">Total</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sheet.rows.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={10}>
                <Text c="dimmed" size="sm">
                  No time recorded this week.
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
          {sheet.rows.map((row) => (
            <Table.Tr key={`${row.ticketId ?? row.ticketReference}|${row.workTypeId}`}>
              <Table.Td>{rowLabel(row)}</Table.Td>
              <Table.Td>{row.workTypeName}</Table.Td>
              {row.minutes.map((minutes, i) => (
                <Table.Td key={sheet.days[i]} ta="right">
                  {minutesCell(minutes)}
                </Table.Td>
              ))}
              <Table.Td ta="right" fw={600}>
                {formatMinutes(row.total)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th colSpan={2}>Total ({formatMinutes(sheet.billableTotal)} billable)</Table.Th>
            {sheet.dayTotals.map((minutes, i) => (
              <Table.Th key={sheet.days[i]} ta="right">
                {minutesCell(minutes)}
              </Table.Th>
            ))}
            <Table.Th ta="right">{formatMinutes(sheet.total)}</Table.Th>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * The week's entries, each changed or deleted by its person (an admin: anyone's) while it is not locked;
 * the server says which (`editable`) and refuses the rest with its reason, shown as the toast.
 */
export function TimesheetEntries({ sheet, onEdit }: { sheet: Timesheet; onEdit(entry: TimeEntry): void }) {
  const utils = trpc.useUtils();
  const remove = trpc.time.deleteEntry.useMutation(
    toastOutcome(
      () => ["Time entry deleted", "The entry was removed from the week."],
      "Failed to delete the entry",
      () => Promise.all([utils.time.timesheet.invalidate(), utils.time.reminder.invalidate()]),
    ),
  );
  if (sheet.entries.length === 0) return null;
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table aria-label="Entries">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Day</Table.Th>
            <Table.Th>Ticket</Table.Th>
            <Table.Th>Work type</Table.Th>
            <Table.Th ta="right">Time</Table.Th>
            <Table.Th>Note</Table.Th>
            <Table.Th>
              <span className="visually-hidden">Actions</span>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sheet.entries.map((entry) => (
            <Table.Tr key={entry.id}>
              <Table.Td>{formatDay(entry.date)}</Table.Td>
              <Table.Td>{rowLabel(entry)}</Table.Td>
              <Table.Td>
                {entry.workTypeName}{" "}
                {!entry.billable && (
                  <Badge size="xs" variant="light" color="gray">
                    Not billable
                  </Badge>
                )}
              </Table.Td>
              <Table.Td ta="right">{formatMinutes(entry.minutes)}</Table.Td>
              <Table.Td>{entry.note}</Table.Td>
              <Table.Td>
                {entry.editable && (
                  <Group gap={4} wrap="nowrap">
                    <ActionIcon
                      variant="subtle"
                      aria-label={`Edit ${formatMinutes(entry.minutes)} on ${formatDay(entry.date)}`}
                      onClick={() => onEdit(entry)}
                    >
                      ✎
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Delete ${formatMinutes(entry.minutes)} on ${formatDay(entry.date)}`}
                      onClick={() => remove.mutate({ id: entry.id })}
                    >
                      ×
                    </ActionIcon>
                  </Group>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
