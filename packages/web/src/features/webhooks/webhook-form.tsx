import { Button, Checkbox, Group, Modal, Stack, TextInput } from "@mantine/core";
import { WEBHOOK_EVENT_TYPES, type WebhookEventType, type WebhookSubscription } from "@repo/validators";
import { useEffect, useState } from "react";
import { toastOutcome } from "../../lib/staff-toasts";
import { trpc } from "../../lib/trpc";

/** Create or edit a subscription: its URL, a description, and the events it receives. */
export function WebhookForm({
  editing,
  onClose,
  onCreated,
  onSaved,
}: {
  editing: WebhookSubscription | "new" | null;
  onClose: () => void;
  onCreated: (secret: string) => void;
  onSaved: () => unknown;
}) {
  const [url, setUrl] = useState("");
  const [description, setDescription] = useState("");
  const [events, setEvents] = useState<string[]>([]);
  useEffect(() => {
    const current = editing === "new" ? null : editing;
    setUrl(current?.url ?? "");
    setDescription(current?.description ?? "");
    setEvents(current?.eventTypes ?? ["ticket.created"]);
  }, [editing]);
  const done = () => {
    onClose();
    return onSaved();
  };
  const create = trpc.webhooks.create.useMutation(
    toastOutcome(
      () => ["Webhook added", "Copy its secret now."],
      "Failed to add the webhook",
      (r) => {
        onCreated(r.secret);
        return done();
      },
    ),
  );
  const update = trpc.webhooks.update.useMutation(
    toastOutcome(() => ["Webhook saved", "Its changes apply to the next event."], "Failed to save the webhook", done),
  );
  const submit = () => {
    const eventTypes = events as WebhookEventType[];
    if (editing === "new") create.mutate({ url, description, eventTypes });
    else if (editing) update.mutate({ id: editing.id, url, description, eventTypes });
  };
  return (
    <Modal opened={editing !== null} onClose={onClose} title={editing === "new" ? "Add webhook" : "Edit webhook"}>
      <Stack>
        <TextInput
          label="URL"
          required
          value={url}
          onChange={(e) => setUrl(e.currentTarget.value)}
          placeholder="https://example.com/hooks/northwind"
        />
        <TextInput label="Description" value={description} onChange={(e) => setDescription(e.currentTarget.value)} />
        <Checkbox.Group label="Events" value={events} onChange={setEvents}>
          <Stack gap={4} mt={4}>
            {WEBHOOK_EVENT_TYPES.map((type) => (
              <Checkbox key={type} value={type} label={type} />
            ))}
          </Stack>
        </Checkbox.Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} loading={create.isPending || update.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
