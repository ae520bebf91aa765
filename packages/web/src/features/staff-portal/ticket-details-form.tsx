import { Alert, Button, Group, Stack, Text } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useDisclosure } from "@mantine/hooks";
import { useAttachmentUploads } from "../../components/attachment-picker";
import { ButtonLink } from "../../components/router-links";
import { SectionCard } from "../../components/section-card";
import { readStoredUser } from "../../lib/auth-storage";
import { formatExact } from "../../lib/format-date";
import type { StaffTicket } from "./api-types";
import { DeleteTicketDialog } from "./delete-ticket-dialog";
import { EMPTY_TICKET_FORM, ticketFormValues, type TicketFormValues } from "./ticket-form-values";
import { TicketFields } from "./ticket-fields";
import { useLiveTicketFields } from "./use-live-ticket-fields";
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
  const staleChange = useLiveTicketFields(form, ticket);
  const { submit, saving, remove } = useTicketMutations({
    form,
    ticket,
    uploads,
    onDeleteAnswered: deleteDialog.close,
  });

  return (
    <SectionCard titleId="ticket-details-title" title="Ticket Details">
      <form onSubmit={submit}>
        <Stack gap="md">
          {staleChange && (
            <Alert color="yellow" title="Changed elsewhere" role="status">
              <Text size="sm">Someone else saved this ticket while you were editing it.</Text>
              <Button size="xs" variant="light" mt="xs" onClick={staleChange.loadLatest}>
                Discard my changes and load theirs
              </Button>
            </Alert>
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
              <Button type="submit" disabled={saving || uploads.uploading}>
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
