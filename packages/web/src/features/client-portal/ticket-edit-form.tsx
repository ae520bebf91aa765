import { Stack } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { clientTicketUpdateInputSchema, type TicketPriority } from "@repo/validators";
import { FormActions } from "../../components/form-actions";
import { toastCallFailure, toastSuccess } from "../../lib/toasts";
import { trpc } from "../../lib/trpc";
import { useRefreshTicket } from "./use-refresh-ticket";
import { TicketPrioritySelect, TicketTextFields } from "./ticket-fields";

interface EditableTicket {
  id: string;
  title: string;
  description: string;
  priority: TicketPriority;
}

/** Title, description and priority: the fields a client may change (docs/product-spec.md §5 and §7). */
export function TicketEditForm({ ticket, onDone }: { ticket: EditableTicket; onDone(): void }) {
  const utils = trpc.useUtils();
  const refreshTicket = useRefreshTicket(ticket.id);
  const form = useForm({
    mode: "uncontrolled",
    initialValues: { title: ticket.title, description: ticket.description, priority: ticket.priority },
    validate: schemaResolver(clientTicketUpdateInputSchema, { sync: true }),
  });
  const update = trpc.clientPortal.updateTicket.useMutation({
    onSuccess: async (updated) => {
      utils.clientPortal.ticket.setData({ id: ticket.id }, (current) =>
        current ? { ...current, ...updated, comments: current.comments } : current,
      );
      toastSuccess("Ticket updated", "Your changes have been saved.");
      onDone();
      await refreshTicket();
    },
    onError: (error) => toastCallFailure(error, "Failed to update ticket. Please try again."),
  });

  return (
    <form
      onSubmit={form.onSubmit((values) => update.mutate({ id: ticket.id, ...values }))}
      noValidate
      aria-label="Edit Ticket"
    >
      <Stack gap="sm">
        <TicketTextFields form={form} />
        <TicketPrioritySelect form={form} />
        <FormActions onCancel={onDone} pending={update.isPending} label="Save Changes" />
      </Stack>
    </form>
  );
}
