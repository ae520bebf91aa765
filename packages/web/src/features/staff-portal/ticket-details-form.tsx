import { Button, Group, Stack, Text } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useDisclosure } from "@mantine/hooks";
import { useAttachmentUploads } from "../../components/attachment-picker";
import { ChangedElsewhereNotice } from "../../components/changed-elsewhere-notice";
import { ButtonLink } from "../../components/router-links";
import { SectionCard } from "../../components/section-card";
import { readStoredUser } from "../../lib/auth-storage";
import { formatExact } from "../../lib/format-date";
import { useVersionedEdits } from "../../lib/use-versioned-edits";
import { STAFF_PRIORITY_LABELS, TICKET_STATUS_LABELS, TICKET_TYPE_LABELS } from "@repo/validators";
import type { StaffTicket } from "./api-types";
import { DeleteTicketDialog } from "./delete-ticket-dialog";
import {
  EMPTY_TICKET_FORM,
  TICKET_FIELD_LABELS,
  ticketFormValues,
  UNASSIGNED,
  type TicketFormValues,
} from "./ticket-form-values";
import { TicketFields } from "./ticket-fields";
import type { SelectOptions } from "./use-ticket-options";
import { useTicketMutations } from "./use-ticket-mutations";

/**
 * The "Ticket Details" card of docs/product-spec.md §2, for a new ticket (`ticket` absent) or an existing one.
 * Title, description and requester are required at browser level (docs/product-spec.md §5); the client, a
 * custom select, is checked here.
 */
interface TicketDetailsFormProps {
  ticket?: StaffTicket;
  clients: SelectOptions;
  assignees: SelectOptions;
}

export function TicketDetailsForm({ ticket, clients, assignees }: TicketDetailsFormProps) {
  const editing = ticket !== undefined;
  const isAdmin = readStoredUser()?.role === "ADMIN";
  const [deleteOpened, deleteDialog] = useDisclosure(false);
  // A new ticket's own files; an existing ticket gets files through its conversation.
  const uploads = useAttachmentUploads("session");

  const form = useForm<TicketFormValues>({
    initialValues: ticket ? ticketFormValues(ticket) : EMPTY_TICKET_FORM,
    validate: { clientId: (value) => (value ? null : "Please select a client") },
  });
  const versioned = useVersionedEdits<StaffTicket, TicketFormValues>(form, ticket, ticketFormValues);
  const { submit, saving, remove } = useTicketMutations({
    form,
    ticket,
    versioned,
    uploads,
    onDeleteAnswered: deleteDialog.close,
  });

  return (
    <SectionCard titleId="ticket-details-title" title="Ticket Details">
      <form onSubmit={submit}>
        <Stack gap="md">
          {versioned.setAside && (
            <ChangedElsewhereNotice
              what="ticket"
              changes={describeChanges(versioned.setAside, clients, assignees)}
              onReapply={versioned.reapply}
              onDismiss={versioned.dismiss}
            />
          )}
          <TicketFields
            form={form}
            editing={editing}
            clients={clients}
            assignees={assignees}
            uploads={uploads}
            saving={saving}
          />
          {ticket && (
            <Group gap="md">
              <Text size="sm" c="dimmed">
                Created: {formatExact(ticket.createdAt)}
              </Text>
              <Text size="sm" c="dimmed">
                Updated: {formatExact(ticket.updatedAt)}
              </Text>
            </Group>
          )}
          <Group justify="space-between" mt="sm" gap="sm">
            <div>
              {ticket && isAdmin && (
                <Button color="red" variant="outline" onClick={deleteDialog.open} disabled={remove.isPending}>
                  Delete Ticket
                </Button>
              )}
            </div>
            <Group gap="sm">
              <ButtonLink to="/dashboard" variant="default">
                Cancel
              </ButtonLink>
              {/* Not while changes are set aside: the person chooses first (docs/architecture.md §8a). */}
              <Button type="submit" disabled={saving || uploads.uploading || versioned.setAside !== null}>
                {editing ? (saving ? "Saving..." : "Save Changes") : saving ? "Creating..." : "Create Ticket"}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
      {ticket && (
        <DeleteTicketDialog
          opened={deleteOpened}
          pending={remove.isPending}
          onCancel={deleteDialog.close}
          onConfirm={() => remove.mutate({ id: ticket.id })}
        />
      )}
    </SectionCard>
  );
}

/** The person's set-aside changes as the form shows them: labels, and names rather than ids. */
function describeChanges(changes: Partial<TicketFormValues>, clients: SelectOptions, assignees: SelectOptions) {
  return (Object.entries(changes) as [keyof TicketFormValues, string][]).map(([key, value]) => ({
    label: TICKET_FIELD_LABELS[key],
    value:
      key === "clientId"
        ? (clients.names.get(value) ?? value)
        : key === "assigneeId"
          ? value === UNASSIGNED
            ? "Unassigned"
            : (assignees.names.get(value) ?? value)
          : key === "priority"
            ? STAFF_PRIORITY_LABELS[value as keyof typeof STAFF_PRIORITY_LABELS]
            : key === "status"
              ? TICKET_STATUS_LABELS[value as keyof typeof TICKET_STATUS_LABELS]
              : key === "type"
                ? TICKET_TYPE_LABELS[value as keyof typeof TICKET_TYPE_LABELS]
                : value,
  }));
}
