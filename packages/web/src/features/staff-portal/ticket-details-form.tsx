import { Alert, Button, Group, Select, SimpleGrid, Stack, Text, TextInput, Textarea } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useDisclosure } from "@mantine/hooks";
import {
  STAFF_PRIORITY_LABELS,
  TICKET_PRIORITIES,
  TICKET_STATUS_LABELS,
  TICKET_STATUSES,
  TICKET_TYPE_LABELS,
  TICKET_TYPES,
  ticketReference,
} from "@repo/validators";
import { useNavigate } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import { AttachmentPicker, useAttachmentUploads } from "../../components/attachment-picker";
import { SectionCard } from "../../components/section-card";
import { ButtonLink } from "../../components/router-links";
import { readStoredUser } from "../../lib/auth-storage";
import { formatExact } from "../../lib/format-date";
import { showCallFailure, showSuccess } from "../../lib/staff-toasts";
import { trpc } from "../../lib/trpc";
import { isSessionExpired } from "../../lib/use-session-expiry";
import type { StaffTicket } from "./api-types";
import { DeleteTicketDialog } from "./delete-ticket-dialog";
import {
  EMPTY_TICKET_FORM,
  sameTicketFields,
  ticketFormValues,
  ticketPayload,
  type TicketFormValues,
} from "./ticket-form-values";
import type { SelectOptions } from "./use-ticket-options";

const TYPE_OPTIONS = TICKET_TYPES.map((t) => ({ value: t, label: TICKET_TYPE_LABELS[t] }));
const PRIORITY_OPTIONS = TICKET_PRIORITIES.map((p) => ({ value: p, label: STAFF_PRIORITY_LABELS[p] }));
const STATUS_OPTIONS = TICKET_STATUSES.map((s) => ({ value: s, label: TICKET_STATUS_LABELS[s] }));

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
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const isAdmin = readStoredUser()?.role === "ADMIN";
  const [deleteOpened, deleteDialog] = useDisclosure(false);
  // A new ticket's own files; an existing ticket gets files through its conversation.
  const uploads = useAttachmentUploads("session");

  const form = useForm<TicketFormValues>({
    initialValues: ticket ? ticketFormValues(ticket) : EMPTY_TICKET_FORM,
    validate: { clientId: (value) => (value ? null : "Please select a client") },
  });
  const staleChange = useLiveTicketFields(form, ticket);

  const refreshLists = () => Promise.all([utils.tickets.list.invalidate(), utils.metrics.overview.invalidate()]);

  const create = trpc.tickets.create.useMutation({
    onSuccess: async (created) => {
      showSuccess("Ticket created", `Ticket #${ticketReference(created.id)} has been created successfully.`);
      await refreshLists();
      await navigate({ to: "/dashboard" });
    },
    onError: (error) => !isSessionExpired(error) && showCallFailure(error, "Failed to save ticket"),
  });
  const update = trpc.tickets.update.useMutation({
    onSuccess: async (saved) => {
      utils.tickets.get.setData({ id: saved.id }, saved);
      form.setInitialValues(ticketFormValues(saved));
      form.setValues(ticketFormValues(saved));
      form.resetDirty(ticketFormValues(saved));
      showSuccess("Ticket updated", `Ticket #${ticketReference(saved.id)} has been updated successfully.`);
      await Promise.all([refreshLists(), utils.tickets.history.invalidate({ id: saved.id })]);
    },
    onError: (error) => !isSessionExpired(error) && showCallFailure(error, "Failed to save ticket"),
  });
  const remove = trpc.tickets.delete.useMutation({
    onSuccess: async () => {
      deleteDialog.close();
      showSuccess("Ticket deleted", "The ticket has been permanently deleted.");
      await navigate({ to: "/dashboard" });
      await refreshLists();
    },
    onError: (error) => {
      deleteDialog.close();
      if (!isSessionExpired(error)) showCallFailure(error, "Failed to delete ticket");
    },
  });

  const submit = form.onSubmit((values) => {
    if (ticket) update.mutate({ id: ticket.id, ...ticketPayload(values, { editing: true, tags: ticket.tags }) });
    else create.mutate({ ...ticketPayload(values, { editing: false }), ...uploads.attached });
  });
  const saving = create.isPending || update.isPending;

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
          <SimpleGrid cols={{ base: 1, sm: editing ? 3 : 2 }}>
            <Select label="Type" data={TYPE_OPTIONS} allowDeselect={false} {...form.getInputProps("type")} />
            <Select
              label="Priority"
              data={PRIORITY_OPTIONS}
              allowDeselect={false}
              {...form.getInputProps("priority")}
            />
            {editing && (
              <Select label="Status" data={STATUS_OPTIONS} allowDeselect={false} {...form.getInputProps("status")} />
            )}
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
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

/**
 * Keeps the form in step with the ticket as live updates refetch it: untouched fields follow the server;
 * once the person has typed, their edits stay and they are told the ticket changed underneath them.
 */
interface ResettableForm {
  isDirty(): boolean;
  setInitialValues(values: TicketFormValues): void;
  setValues(values: TicketFormValues): void;
  resetDirty(values: TicketFormValues): void;
}

function useLiveTicketFields(form: ResettableForm, ticket: StaffTicket | undefined) {
  const [conflict, setConflict] = useState<TicketFormValues | null>(null);
  const baseline = useRef(ticket ? ticketFormValues(ticket) : null);

  useEffect(() => {
    if (!ticket || !baseline.current) return;
    const latest = ticketFormValues(ticket);
    if (sameTicketFields(latest, baseline.current)) return;
    baseline.current = latest;
    if (form.isDirty()) {
      setConflict(latest);
    } else {
      form.setInitialValues(latest);
      form.setValues(latest);
      form.resetDirty(latest);
    }
  }, [ticket, form]);

  if (!conflict) return null;
  return {
    loadLatest() {
      form.setInitialValues(conflict);
      form.setValues(conflict);
      form.resetDirty(conflict);
      setConflict(null);
    },
  };
}
