import { Stack } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { clientTicketUpdateInputSchema, type TicketPriority } from "@repo/validators";
import { ChangedElsewhereNotice } from "../../components/changed-elsewhere-notice";
import { FormActions } from "../../components/form-actions";
import { toastCallFailure, toastSuccess } from "../../lib/toasts";
import { trpc } from "../../lib/trpc";
import { staleCurrent, useVersionedEdits } from "../../lib/use-versioned-edits";
import { useRefreshTicket } from "./use-refresh-ticket";
import { TicketPrioritySelect, TicketTextFields } from "./ticket-fields";

interface EditableTicket {
  id: string;
  title: string;
  description: string;
  priority: TicketPriority;
  version: number;
}

type EditValues = Pick<EditableTicket, "title" | "description" | "priority">;
const valuesOf = ({ title, description, priority }: EditableTicket): EditValues => ({ title, description, priority });
const LABELS: Record<keyof EditValues, string> = { title: "Title", description: "Description", priority: "Priority" };

/** Title, description and priority: the fields a client may change (docs/product-spec.md §5 and §7). */
export function TicketEditForm({ ticket, onDone }: { ticket: EditableTicket; onDone(): void }) {
  const utils = trpc.useUtils();
  const refreshTicket = useRefreshTicket(ticket.id);
  const form = useForm({
    mode: "uncontrolled",
    initialValues: valuesOf(ticket),
    validate: schemaResolver(clientTicketUpdateInputSchema, { sync: true }),
  });
  // Only the fields the person changed go out, with the version they were based on (docs/architecture.md §8a).
  const versioned = useVersionedEdits<EditableTicket, EditValues>(form, ticket, valuesOf);
  const update = trpc.clientPortal.updateTicket.useMutation({
    onSuccess: async (updated) => {
      versioned.rebase(updated);
      utils.clientPortal.ticket.setData({ id: ticket.id }, (current) =>
        current ? { ...current, ...updated, comments: current.comments } : current,
      );
      toastSuccess("Ticket updated", "Your changes have been saved.");
      onDone();
      await refreshTicket();
    },
    onError: (error, input): void => {
      const current = staleCurrent<EditableTicket>(error);
      if (!current) return void toastCallFailure(error, "Failed to update ticket. Please try again.");
      // Only its version moved (a reply): the change still applies as sent. Otherwise theirs shows.
      if (versioned.rebase(current)) return void update.mutate({ ...input, version: current.version });
      utils.clientPortal.ticket.setData({ id: ticket.id }, (was) =>
        was ? { ...was, ...current, comments: was.comments } : was,
      );
    },
  });

  return (
    <form
      onSubmit={form.onSubmit(() =>
        update.mutate({ id: ticket.id, ...versioned.edits(), version: versioned.version() }),
      )}
      noValidate
      aria-label="Edit Ticket"
    >
      <Stack gap="sm">
        {versioned.setAside && (
          <ChangedElsewhereNotice
            what="ticket"
            changes={(Object.entries(versioned.setAside) as [keyof EditValues, string][]).map(([key, value]) => ({
              label: LABELS[key],
              value,
            }))}
            onReapply={versioned.reapply}
            onDismiss={versioned.dismiss}
          />
        )}
        <TicketTextFields form={form} />
        <TicketPrioritySelect form={form} />
        <FormActions
          onCancel={onDone}
          pending={update.isPending}
          label="Save Changes"
          disabled={versioned.setAside !== null}
        />
      </Stack>
    </form>
  );
}
