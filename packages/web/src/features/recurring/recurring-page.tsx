// /automation/recurring (docs/features.md §16): the recurring ticket schedules, an ADMIN's screen reached
// from the account page. Each row: its name, company, rule in words, next and last run, and whether it is
// on; edited in one modal that also adds them, with a run log per schedule.
import { Badge, Button, Container, Group, Switch, Table, Text } from "@mantine/core";
import { formatDateTime } from "@repo/content";
import type { RecurringTicket } from "@repo/validators";
import { useState } from "react";
import { ConfirmDialog, type ConfirmTexts } from "../../components/confirm-dialog";
import { ItemActionButton } from "../../components/item-action-button";
import { ListTable } from "../../components/list-table";
import { LoadingStatus, StaffPageHeader } from "../../components/staff-page";
import { showCallFailure, showSuccess, toastOutcome } from "../../lib/staff-toasts";
import { trpc } from "../../lib/trpc";
import { RunLogModal } from "./run-log-modal";
import { ScheduleModal } from "./schedule-modal";

const COLUMNS = ["Name", "Company", "Schedule", "Next run", "Last run", "Enabled"];
const when = (instant: string | null, none: string) => (instant ? formatDateTime(instant) : none);

export function RecurringPage() {
  const schedules = trpc.recurring.list.useQuery();
  // undefined: closed; null: adding; a schedule: editing it.
  const [editing, setEditing] = useState<RecurringTicket | null | undefined>(undefined);
  const [logOf, setLogOf] = useState<RecurringTicket | null>(null);
  const [deleting, setDeleting] = useState<RecurringTicket | null>(null);

  return (
    <Container size="xl" py="xl">
      <StaffPageHeader
        title="Recurring Tickets"
        description="Tickets opened on a schedule in Toronto time, e.g. the second Monday of each month. A date is skipped while the previous ticket is still open, if the schedule says so."
        action={<Button onClick={() => setEditing(null)}>New Schedule</Button>}
      />
      {schedules.isPending ? (
        <LoadingStatus>Loading recurring tickets...</LoadingStatus>
      ) : schedules.isError ? (
        <Text c="red" role="alert" ta="center" py="lg">
          Failed to fetch recurring tickets
        </Text>
      ) : schedules.data.length === 0 ? (
        <Text c="dimmed" ta="center" py="lg">
          No recurring tickets yet. Add the first one.
        </Text>
      ) : (
        <ListTable label="Recurring tickets" columns={COLUMNS} actions minWidth={960}>
          {schedules.data.map((s) => (
            <Table.Tr key={s.id}>
              <Table.Td>
                <Text fw={500} size="sm">
                  {s.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {s.title}
                </Text>
              </Table.Td>
              <Table.Td>{s.clientName}</Table.Td>
              <Table.Td>{s.scheduleText}</Table.Td>
              <Table.Td>{s.enabled ? when(s.nextRunAt, "No more dates") : <Badge color="gray">Off</Badge>}</Table.Td>
              <Table.Td>{when(s.lastRunAt, "Never")}</Table.Td>
              <Table.Td>
                <EnabledSwitch schedule={s} />
              </Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <ItemActionButton action="Edit" item={s.name} onClick={() => setEditing(s)} />
                  <ItemActionButton action="Run log" item={s.name} onClick={() => setLogOf(s)} />
                  <ItemActionButton action="Delete" item={s.name} color="red" onClick={() => setDeleting(s)} />
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
      )}
      <ScheduleModal opened={editing !== undefined} item={editing ?? null} onClose={() => setEditing(undefined)} />
      <RunLogModal schedule={logOf} onClose={() => setLogOf(null)} />
      <DeleteScheduleDialog schedule={deleting} onClose={() => setDeleting(null)} />
    </Container>
  );
}

function EnabledSwitch({ schedule }: { schedule: RecurringTicket }) {
  const utils = trpc.useUtils();
  const toggle = trpc.recurring.setEnabled.useMutation({
    onSuccess: async (saved) => {
      showSuccess(
        saved.enabled ? "Schedule on" : "Schedule off",
        saved.enabled
          ? `"${saved.name}" runs next on ${when(saved.nextRunAt, "no date")}.`
          : `"${saved.name}" is paused.`,
      );
      await utils.recurring.list.invalidate();
    },
    onError: (error) => showCallFailure(error, "Failed to switch the schedule"),
  });
  return (
    <Switch
      aria-label={`Enabled: ${schedule.name}`}
      checked={schedule.enabled}
      disabled={toggle.isPending}
      onChange={(e) => toggle.mutate({ id: schedule.id, enabled: e.currentTarget.checked })}
    />
  );
}

const deleteTexts: ConfirmTexts = { title: "Delete Recurring Ticket", label: "Delete", pendingLabel: "Deleting..." };

function DeleteScheduleDialog({ schedule, onClose }: { schedule: RecurringTicket | null; onClose(): void }) {
  const utils = trpc.useUtils();
  const remove = trpc.recurring.delete.useMutation(
    toastOutcome(
      () => ["Recurring ticket deleted", `"${schedule?.name}" has been deleted.`],
      "Failed to delete the recurring ticket",
      () => utils.recurring.list.invalidate().then(onClose),
    ),
  );
  return (
    <ConfirmDialog
      item={schedule}
      onClose={onClose}
      texts={deleteTexts}
      mutation={remove}
      input={(s) => ({ id: s.id })}
    >
      "{schedule?.name}" and its run log will be deleted. The tickets it opened stay.
    </ConfirmDialog>
  );
}
