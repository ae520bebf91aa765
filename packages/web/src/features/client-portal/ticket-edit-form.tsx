import { Button, Group, Select, Stack, Textarea, TextInput } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { CLIENT_PRIORITY_LABELS, clientTicketUpdateSchema, type TicketPriority } from "@repo/validators";
import { serverMessage } from "../../lib/server-message";
import { trpc } from "../../lib/trpc";

interface EditableTicket {
  id: string;
  title: string;
  description: string;
  priority: TicketPriority;
}

const PRIORITY_OPTIONS = Object.entries(CLIENT_PRIORITY_LABELS).map(([value, label]) => ({ value, label }));

/** Title, description and priority: the fields a client may change (docs/product-spec.md §5 and §7). */
export function TicketEditForm({ ticket, onDone }: { ticket: EditableTicket; onDone(): void }) {
  const utils = trpc.useUtils();
  const form = useForm({
    mode: "uncontrolled",
    initialValues: { title: ticket.title, description: ticket.description, priority: ticket.priority },
    validate: schemaResolver(clientTicketUpdateSchema, { sync: true }),
  });
  const update = trpc.clientPortal.updateTicket.useMutation({
    onSuccess: async (updated) => {
      utils.clientPortal.ticket.setData({ id: ticket.id }, (current) =>
        current ? { ...current, ...updated, comments: current.comments } : current,
      );
      notifications.show({ title: "Ticket updated", message: "Your changes have been saved.", color: "green" });
      onDone();
      await Promise.all([
        utils.clientPortal.ticket.invalidate({ id: ticket.id }),
        utils.clientPortal.tickets.invalidate(),
      ]);
    },
    onError: (error) => {
      notifications.show({
        title: "Error",
        message: serverMessage(error, "Failed to update ticket. Please try again."),
        color: "red",
      });
    },
  });

  return (
    <form
      onSubmit={form.onSubmit((values) => update.mutate({ id: ticket.id, ...values }))}
      noValidate
      aria-label="Edit Ticket"
    >
      <Stack gap="sm">
        <TextInput label="Title" withAsterisk key={form.key("title")} {...form.getInputProps("title")} />
        <Textarea
          label="Description"
          withAsterisk
          autosize
          minRows={4}
          key={form.key("description")}
          {...form.getInputProps("description")}
        />
        <Select
          label="Priority"
          data={PRIORITY_OPTIONS}
          allowDeselect={false}
          key={form.key("priority")}
          {...form.getInputProps("priority")}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={update.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending}>
            Save Changes
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
