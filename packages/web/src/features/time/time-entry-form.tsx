import { Button, Checkbox, Group, Modal, Select, Stack, TextInput, Textarea } from "@mantine/core";
import { formatDay } from "@repo/content";
import {
  MAX_ENTRY_MINUTES,
  parseDuration,
  type TimeDraft,
  type TimeEntry,
  type TimeEntryUpdateInput,
} from "@repo/validators";
import { useEffect, useState } from "react";
import { toastOutcome } from "../../lib/staff-toasts";
import { trpc } from "../../lib/trpc";
import { formatMinutes } from "@repo/validators";

/** What the form opens with: a day of the week, and the draft being accepted or the entry being changed, if any. */
export interface EntryFormStart {
  date: string;
  draft?: TimeDraft;
  entry?: TimeEntry;
}

/** Minutes as the form shows them back, in a shape the parser reads: "25", "1:30". */
const typedDuration = (minutes: number) =>
  minutes < 60 ? String(minutes) : `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, "0")}`;

const DURATION_HINT = "Time spent must be like 25, 1h30 or 1:30";

/**
 * Records time: a quick add of time on no ticket (internal work, travel), or a draft accepted with the
 * person's changes. Nothing of a draft is recorded until this form is saved. With an entry, the same form
 * changes it: only the fields changed are sent, so an untouched duration keeps the timer's start and end.
 */
export function TimeEntryForm({
  start,
  days,
  onClose,
}: {
  start: EntryFormStart | null;
  days: string[];
  onClose(): void;
}) {
  const utils = trpc.useUtils();
  const types = trpc.time.workTypes.useQuery();
  const draft = start?.draft;
  const entry = start?.entry;
  // An entry keeps its work type in the list even once that type is archived.
  const usable = (types.data ?? []).filter((t) => !t.archived || t.id === entry?.workTypeId);
  const [date, setDate] = useState("");
  const [spent, setSpent] = useState("");
  const [workTypeId, setWorkTypeId] = useState<string | null>(null);
  // Null: the work type's default, until the person ticks or unticks it.
  const [billableChoice, setBillable] = useState<boolean | null>(null);
  const [note, setNote] = useState("");
  const [forClient, setForClient] = useState(false);
  // The entry's ticket, or none: a change may take an entry off its ticket.
  const [onTicket, setOnTicket] = useState(false);

  useEffect(() => {
    if (!start) return;
    const { entry } = start;
    setDate(entry?.date ?? start.date);
    setSpent(entry ? typedDuration(entry.minutes) : start.draft ? String(start.draft.minutes) : "");
    setNote(entry?.note ?? "");
    setForClient(entry?.noteVisibility === "client");
    setWorkTypeId(entry?.workTypeId ?? null);
    setBillable(entry?.billable ?? null);
    setOnTicket(Boolean(entry?.ticketId));
  }, [start]);
  const type = usable.find((t) => t.id === workTypeId) ?? usable[0];
  const billable = billableChoice ?? type?.defaultBillable ?? true;

  const minutes = parseDuration(spent);
  const error =
    spent.trim() !== "" && (minutes === null || minutes < 1 || minutes > MAX_ENTRY_MINUTES) ? DURATION_HINT : null;
  const done = async () => {
    await Promise.all([
      utils.time.timesheet.invalidate(),
      utils.time.drafts.invalidate(),
      utils.time.entries.invalidate(),
      utils.time.reminder.invalidate(),
    ]);
    onClose();
  };
  const create = trpc.time.createEntry.useMutation(
    toastOutcome(
      (saved) => ["Time recorded", `${formatMinutes(saved.minutes)} on ${formatDay(saved.date)}.`],
      "Failed to record time",
      done,
    ),
  );
  const accept = trpc.time.acceptDraft.useMutation(
    toastOutcome(
      (saved) => ["Draft accepted", `${formatMinutes(saved.minutes)} on #${saved.ticketReference}.`],
      "Failed to accept the draft",
      done,
    ),
  );
  const update = trpc.time.updateEntry.useMutation(
    toastOutcome(
      (saved) => ["Time entry saved", `${formatMinutes(saved.minutes)} on ${formatDay(saved.date)}.`],
      "Failed to save the entry",
      done,
    ),
  );
  const pending = create.isPending || accept.isPending || update.isPending;
  const fields = {
    billable,
    note: note.trim(),
    noteVisibility: forClient ? ("client" as const) : ("internal" as const),
  };

  return (
    <Modal
      opened={start !== null}
      onClose={onClose}
      title={entry ? "Edit time" : draft ? `Accept draft: #${draft.ticketReference} ${draft.ticketTitle}` : "Add time"}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!type || minutes === null || error) return;
          if (entry)
            update.mutate({
              id: entry.id,
              version: entry.version,
              ...changes(entry, {
                date,
                minutes,
                workTypeId: type.id,
                ticketId: onTicket ? entry.ticketId : null,
                ...fields,
              }),
            });
          else if (draft)
            accept.mutate({ ticketId: draft.ticketId, start: draft.start, minutes, workTypeId: type.id, ...fields });
          else create.mutate({ ticketId: null, date, minutes, workTypeId: type.id, ...fields });
        }}
      >
        <Stack gap="sm">
          {!draft && (
            <Select
              label="Day"
              allowDeselect={false}
              value={date}
              onChange={(value) => value && setDate(value)}
              data={days.map((day) => ({ value: day, label: formatDay(day) }))}
            />
          )}
          {entry?.ticketId && (
            <Select
              label="Ticket"
              allowDeselect={false}
              value={onTicket ? entry.ticketId : "none"}
              onChange={(value) => setOnTicket(value !== "none")}
              data={[
                { value: entry.ticketId, label: `#${entry.ticketReference} ${entry.ticketTitle ?? ""}` },
                { value: "none", label: "No ticket" },
              ]}
            />
          )}
          <TextInput
            label="Time spent"
            placeholder="25, 1h30, 1:30"
            required
            data-autofocus
            value={spent}
            onChange={(event) => setSpent(event.currentTarget.value)}
            error={error}
          />
          <Select
            label="Work type"
            allowDeselect={false}
            value={type?.id ?? null}
            onChange={(value) => {
              setWorkTypeId(value);
              setBillable(null);
            }}
            data={usable.map((t) => ({ value: t.id, label: t.name }))}
          />
          <Checkbox
            label="Billable"
            checked={billable}
            onChange={(event) => setBillable(event.currentTarget.checked)}
          />
          <Textarea label="Note" rows={2} value={note} onChange={(event) => setNote(event.currentTarget.value)} />
          <Checkbox
            label="Show the note to the client"
            checked={forClient}
            onChange={(event) => setForClient(event.currentTarget.checked)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={pending} disabled={!type || minutes === null || Boolean(error)}>
              {entry ? "Save" : draft ? "Accept" : "Add time"}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The fields of `next` that differ from the entry's: a change sends only those. */
function changes(entry: TimeEntry, next: Required<Omit<TimeEntryUpdateInput, "id" | "version">>) {
  const changed: Omit<TimeEntryUpdateInput, "id" | "version"> = {};
  for (const key of Object.keys(next) as (keyof typeof next)[]) {
    if (next[key] !== entry[key]) Object.assign(changed, { [key]: next[key] });
  }
  return changed;
}
