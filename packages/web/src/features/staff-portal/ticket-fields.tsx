import { Select, SimpleGrid, TextInput, Textarea } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import {
  STAFF_PRIORITY_LABELS,
  TICKET_PRIORITIES,
  TICKET_STATUS_LABELS,
  TICKET_STATUSES,
  TICKET_TYPE_LABELS,
  TICKET_TYPES,
} from "@repo/validators";
import { AttachmentPicker, type AttachmentUploads } from "../../components/attachment-picker";
import type { TicketFormValues } from "./ticket-form-values";
import type { SelectOptions } from "./use-ticket-options";

const TYPE_OPTIONS = TICKET_TYPES.map((t) => ({ value: t, label: TICKET_TYPE_LABELS[t] }));
const PRIORITY_OPTIONS = TICKET_PRIORITIES.map((p) => ({ value: p, label: STAFF_PRIORITY_LABELS[p] }));
const STATUS_OPTIONS = TICKET_STATUSES.map((s) => ({ value: s, label: TICKET_STATUS_LABELS[s] }));

interface TicketFieldsProps {
  form: UseFormReturnType<TicketFormValues>;
  /** An existing ticket: it has a status, and gets its files through its conversation instead. */
  editing: boolean;
  clients: SelectOptions;
  assignees: SelectOptions;
  uploads: AttachmentUploads;
  saving: boolean;
}

/** The fields of the "Ticket Details" card (docs/product-spec.md §2), in the spec's order. */
export function TicketFields({ form, editing, clients, assignees, uploads, saving }: TicketFieldsProps) {
  return (
    <>
      <TextInput label="Title" required {...form.getInputProps("title")} />
      <Select
        label="Client"
        placeholder={clients.loading ? "Loading clients..." : "Select a client"}
        data={clients.options}
        required
        searchable
        nothingFoundMessage="No such client"
        allowDeselect={false}
        {...form.getInputProps("clientId")}
      />
      <Textarea
        label="Description"
        required
        rows={6}
        resize="vertical"
        onPaste={editing ? undefined : uploads.onPaste}
        {...form.getInputProps("description")}
      />
      {!editing && <AttachmentPicker uploads={uploads} disabled={saving} />}
      {/* Sized by the form's own width, not the window's: on the ticket page the form sits in the side
          column on a desktop, where three fields a row would not fit. */}
      <SimpleGrid type="container" cols={{ base: 1, "24rem": 2, "40rem": editing ? 3 : 2 }}>
        <Select label="Type" data={TYPE_OPTIONS} allowDeselect={false} {...form.getInputProps("type")} />
        <Select label="Priority" data={PRIORITY_OPTIONS} allowDeselect={false} {...form.getInputProps("priority")} />
        {editing && (
          <Select label="Status" data={STATUS_OPTIONS} allowDeselect={false} {...form.getInputProps("status")} />
        )}
      </SimpleGrid>
      <SimpleGrid type="container" cols={{ base: 1, "24rem": 2 }}>
        <TextInput label="Requester Name" required autoComplete="off" {...form.getInputProps("requesterName")} />
        <TextInput
          label="Requester Email"
          type="email"
          required
          autoComplete="off"
          {...form.getInputProps("requesterEmail")}
        />
      </SimpleGrid>
      <Select
        label="Assign To"
        data={assignees.options}
        searchable
        allowDeselect={false}
        {...form.getInputProps("assigneeId")}
      />
    </>
  );
}
