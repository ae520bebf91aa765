// /settings/api-keys (docs/features.md §13): an ADMIN's API keys, each with its prefix, scopes, company and
// dates; a new key's secret is shown once; revoking asks first. Reached from the account page's
// "Integrations and automation" links (staff-screens.ts, nav: false).
import { Alert, Badge, Button, Container, Group, Stack, Table, Text } from "@mantine/core";
import { formatDateTime } from "@repo/content";
import type { ApiKey } from "@repo/validators";
import { useState } from "react";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { LoadingStatus, StaffPageHeader } from "../../components/staff-page";
import { toastOutcome } from "../../lib/staff-toasts";
import { trpc } from "../../lib/trpc";
import { AlertSettingsCard } from "./alert-settings-card";
import { ApiKeyCreateModal } from "./api-key-create-modal";

const when = (value: string | null, none: string) => (value ? formatDateTime(value) : none);

export function ApiKeysPage() {
  const keys = trpc.apiKeys.list.useQuery();
  const utils = trpc.useUtils();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const revoke = trpc.apiKeys.revoke.useMutation(
    toastOutcome(
      (key) => ["API key revoked", `${key.name} no longer works.`],
      "Failed to revoke the API key",
      async () => {
        setRevoking(null);
        await utils.apiKeys.list.invalidate();
      },
    ),
  );
  return (
    <Container size="xl" py="xl">
      <StaffPageHeader
        title="API keys"
        description="Keys let integrations and monitoring tools call the API with the scopes you give them. A key's secret is shown once, when it is created."
        action={<Button onClick={() => setCreating(true)}>Create API key</Button>}
      />
      <Stack gap="lg">
        {keys.isPending ? (
          <LoadingStatus>Loading API keys...</LoadingStatus>
        ) : keys.isError ? (
          <Alert color="red" role="alert">
            The API keys could not be loaded.
          </Alert>
        ) : keys.data.length === 0 ? (
          <Text c="dimmed">No API keys yet.</Text>
        ) : (
          <Table.ScrollContainer minWidth={960}>
            <Table aria-label="API keys">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Prefix</Table.Th>
                  <Table.Th>Scopes</Table.Th>
                  <Table.Th>Company</Table.Th>
                  <Table.Th>Created</Table.Th>
                  <Table.Th>Last used</Table.Th>
                  <Table.Th>Expires</Table.Th>
                  <Table.Th>Revoked</Table.Th>
                  <Table.Th>
                    <span className="visually-hidden">Actions</span>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {keys.data.map((key) => (
                  <Table.Tr key={key.id}>
                    <Table.Td>{key.name}</Table.Td>
                    <Table.Td>
                      <code>{key.prefix}…</code>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4}>
                        {key.scopes.map((scope) => (
                          <Badge key={scope} size="xs" variant="light">
                            {scope}
                          </Badge>
                        ))}
                      </Group>
                    </Table.Td>
                    <Table.Td>{key.clientName ?? "Every company"}</Table.Td>
                    <Table.Td>
                      {formatDateTime(key.createdAt)}
                      {key.createdByName && (
                        <Text size="xs" c="dimmed">
                          by {key.createdByName}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{when(key.lastUsedAt, "Never")}</Table.Td>
                    <Table.Td>{when(key.expiresAt, "Never")}</Table.Td>
                    <Table.Td>{when(key.revokedAt, "No")}</Table.Td>
                    <Table.Td>
                      {!key.revokedAt && (
                        <Button size="xs" variant="subtle" color="red" onClick={() => setRevoking(key)}>
                          {`Revoke ${key.name}`}
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <AlertSettingsCard />
      </Stack>
      <ApiKeyCreateModal opened={creating} onClose={() => setCreating(false)} />
      <ConfirmDialog
        item={revoking}
        onClose={() => setRevoking(null)}
        texts={{ title: "Revoke API key", label: "Revoke", pendingLabel: "Revoking..." }}
        mutation={revoke}
        input={(key: ApiKey) => ({ id: key.id })}
      >
        {revoking &&
          `${revoking.name} stops working at once: every integration that sends it is refused. This cannot be undone.`}
      </ConfirmDialog>
    </Container>
  );
}
