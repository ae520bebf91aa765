// The form that creates an API key: a name, its scopes, optionally a company and an expiry. Once created,
// the same dialog shows the secret, with a copy button, and says it will not be shown again.
import { Alert, Button, Checkbox, Code, CopyButton, Group, Modal, Select, Stack, Text, TextInput } from "@mantine/core";
import { API_KEY_SCOPE_LABELS, API_KEY_SCOPES, type ApiKeyScope } from "@repo/validators";
import { useState } from "react";
import { showCallFailure } from "../../lib/staff-toasts";
import { trpc } from "../../lib/trpc";

interface Props {
  opened: boolean;
  onClose(): void;
}

export function ApiKeyCreateModal({ opened, onClose }: Props) {
  const utils = trpc.useUtils();
  const clients = trpc.clients.list.useQuery(undefined, { enabled: opened });
  const [name, setName] = useState("");
  const [scopes, setScopes] = useState<ApiKeyScope[]>([]);
  const [clientId, setClientId] = useState<string | null>(null);
  const [expiry, setExpiry] = useState("");
  const [secret, setSecret] = useState<string | null>(null);
  const create = trpc.apiKeys.create.useMutation({
    onSuccess: async (created) => {
      setSecret(created.secret);
      await utils.apiKeys.list.invalidate();
    },
    onError: (error) => showCallFailure(error, "Failed to create the API key"),
  });
  const close = () => {
    setName("");
    setScopes([]);
    setClientId(null);
    setExpiry("");
    setSecret(null);
    create.reset();
    onClose();
  };
  const companies = (clients.data?.clients ?? []).map((c) => ({ value: c.id, label: c.name }));
  return (
    <Modal opened={opened} onClose={close} title={secret ? "API key created" : "Create API key"} centered size="lg">
      {secret ? (
        <Stack>
          <Alert color="yellow" title="Copy the key now">
            This is the only time the key is shown. Store it where the integration reads it.
          </Alert>
          <Code block aria-label="The new API key">
            {secret}
          </Code>
          <Group justify="flex-end">
            <CopyButton value={secret}>
              {({ copied, copy }) => (
                <Button variant="light" onClick={copy}>
                  {copied ? "Copied" : "Copy key"}
                </Button>
              )}
            </CopyButton>
            <Button onClick={close}>Done</Button>
          </Group>
        </Stack>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            create.mutate({
              name,
              scopes,
              clientId: clientId ?? null,
              // The date input gives a day: the key works until that day's end, in the browser's zone.
              expiresAt: expiry ? new Date(`${expiry}T23:59:59`).toISOString() : null,
            });
          }}
        >
          <Stack>
            <TextInput label="Name" required value={name} onChange={(e) => setName(e.currentTarget.value)} />
            <Checkbox.Group label="Scopes" required value={scopes} onChange={(v) => setScopes(v as ApiKeyScope[])}>
              <Stack gap={6} mt={6}>
                {API_KEY_SCOPES.map((scope) => (
                  <Checkbox key={scope} value={scope} label={`${scope}: ${API_KEY_SCOPE_LABELS[scope]}`} />
                ))}
              </Stack>
            </Checkbox.Group>
            <Select
              label="Company"
              description="A key bound to a company reaches only that company's rows."
              placeholder="Every company"
              data={companies}
              value={clientId}
              onChange={setClientId}
              clearable
              searchable
            />
            <TextInput
              type="date"
              label="Expires"
              description="Leave empty for a key that works until revoked."
              value={expiry}
              onChange={(e) => setExpiry(e.currentTarget.value)}
            />
            {create.error && (
              <Text c="red" size="sm" role="alert">
                {create.error.message}
              </Text>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" loading={create.isPending}>
                Create key
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
