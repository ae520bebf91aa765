// What the ticket form's buttons do: create, save and delete, each with its toast and the lists it
// refreshes (the dashboard's tickets and metrics).
import type { UseFormReturnType } from "@mantine/form";
import { ticketReference } from "@repo/validators";
import { useNavigate } from "@tanstack/react-router";
import type { AttachmentUploads } from "../../components/attachment-picker";
import { showCallFailure, showSuccess } from "../../lib/staff-toasts";
import { trpc } from "../../lib/trpc";
import { isSessionExpired } from "../../lib/use-session-expiry";
import type { StaffTicket } from "./api-types";
import { staleCurrent, type VersionedEdits } from "../../lib/use-versioned-edits";
import { ticketEditPayload, ticketPayload, type TicketFormValues } from "./ticket-form-values";

interface TicketMutationsOptions {
  form: UseFormReturnType<TicketFormValues>;
  /** The ticket being edited; absent for a new one. */
  ticket: StaffTicket | undefined;
  /** What the person changed, and the version it is based on (an existing ticket). */
  versioned: VersionedEdits<TicketFormValues>;
  /** A new ticket's own files. */
  uploads: AttachmentUploads;
  /** Called once a delete is answered, either way (the confirm dialog closes). */
  onDeleteAnswered(): void;
}

export function useTicketMutations({ form, ticket, versioned, uploads, onDeleteAnswered }: TicketMutationsOptions) {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
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
      versioned.rebase(saved);
      utils.tickets.get.setData({ id: saved.id }, saved);
      showSuccess("Ticket updated", `Ticket #${ticketReference(saved.id)} has been updated successfully.`);
      await Promise.all([refreshLists(), utils.tickets.history.invalidate({ id: saved.id })]);
    },
    onError: (error, input): void => {
      // Saved elsewhere since the form was read: show theirs, with the person's changes set aside.
      const current = staleCurrent<StaffTicket>(error);
      if (current) {
        // Only its version moved (the person's own comment, say): their change still applies as sent.
        if (versioned.rebase(current)) {
          update.mutate({ ...input, version: current.version });
          return;
        }
        utils.tickets.get.setData({ id: input.id }, current);
        void utils.tickets.history.invalidate({ id: input.id });
        return;
      }
      if (!isSessionExpired(error)) showCallFailure(error, "Failed to save ticket");
    },
  });
  const remove = trpc.tickets.delete.useMutation({
    onSuccess: async () => {
      onDeleteAnswered();
      showSuccess("Ticket deleted", "The ticket has been permanently deleted.");
      await navigate({ to: "/dashboard" });
      await refreshLists();
    },
    onError: (error) => {
      onDeleteAnswered();
      if (!isSessionExpired(error)) showCallFailure(error, "Failed to delete ticket");
    },
  });

  const submit = form.onSubmit((values) => {
    if (ticket) update.mutate({ id: ticket.id, ...ticketEditPayload(versioned.edits()), version: versioned.version() });
    else create.mutate({ ...ticketPayload(values, { editing: false }), ...uploads.attached });
  });
  return { submit, saving: create.isPending || update.isPending, remove };
}
