// /settings/webhooks (docs/features.md §14): an ADMIN's outbound webhooks: the subscriptions with their
// state and last delivery, the form, the secret shown once, test events, each one's delivery log, and the
// switch that allows private targets.
import { Alert, Badge, Button, Card, Container, Group, Stack, Switch, Table, Text } from "@mantine/core";
import type { WebhookSubscription } from "@repo/validators";
import { useState } from "react";
import { LoadingStatus, StaffPageHeader } from "../../components/staff-page";
import { toastOutcome } from "../../lib/staff-toasts";
import { trpc } from "../../lib/trpc";
import { DeliveryLog } from "./delivery-log";
import { SecretModal } from "./secret-modal";
import { WebhookForm } from "./webhook-form";

export function WebhooksPage() {
  const utils = trpc.useUtils();
  const list = trpc.webhooks.list.useQuery();
  const [editing, setEditing] = useState<WebhookSubscription | "new" | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [logOf, setLogOf] = useState<WebhookSubscription | null>(null);
  const refresh = () => utils.webhooks.list.invalidate();
  const update = trpc.webhooks.update.useMutation(
    toastOutcome(
      (s) => [
        s.enabled ? "Webhook on" : "Webhook off",
        s.enabled ? `Events go to ${s.url} again.` : `No events go to ${s.url}.`,
      ],
      "Failed to change the webhook",
      refresh,
    ),
  );
  const test = trpc.webhooks.test.useMutation(
    toastOutcome(
      () => ["Test event queued", "It goes out within seconds; its answer shows in the log."],
      "Failed to send the test event",
      refresh,
    ),
  );
  const remove = trpc.webhooks.delete.useMutation(
    toastOutcome(
      () => ["Webhook deleted", "It and its delivery log are gone."],
      "Failed to delete the webhook",
      refresh,
    ),
  );
  const rotate = trpc.webhooks.rotateSecret.useMutation(
    toastOutcome(
      () => ["New secret", "The old secret no longer signs anything."],
      "Failed to make a new secret",
      (r) => setSecret(r.secret),
    ),
  );
  const rows = list.data?.subscriptions ?? [];
  return (
    <Container size="lg" py="xl">
      <StaffPageHeader
        title="Webhooks"
        description="Signed HTTP calls to your own systems when tickets, SLAs, devices or invoices change (Standard Webhooks)."
        action={<Button onClick={() => setEditing("new")}>Add webhook</Button>}
      />
      <Stack gap="lg">
        <PrivateTargetsSwitch />
        {list.isPending ? (
          <LoadingStatus>Loading webhooks...</LoadingStatus>
        ) : list.isError ? (
          <Alert color="red" role="alert">
            The webhooks could not be loaded.
          </Alert>
        ) : rows.length === 0 ? (
          <Text c="dimmed">No webhooks yet.</Text>
        ) : (
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>URL</Table.Th>
                <Table.Th>Events</Table.Th>
                <Table.Th>State</Table.Th>
                <Table.Th>Last delivery</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((s) => (
                <Table.Tr key={s.id}>
                  <Table.Td>
                    <Text size="sm" style={{ wordBreak: "break-all" }}>
                      {s.url}
                    </Text>
                    {s.description && (
                      <Text size="xs" c="dimmed">
                        {s.description}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs">{s.eventTypes.join(", ")}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge color={s.enabled ? "green" : "gray"}>{s.enabled ? "On" : "Off"}</Badge>
                    {s.disabledReason && (
                      <Text size="xs" c="red">
                        {s.disabledReason}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs">
                      {s.lastDelivery
                        ? `${s.lastDelivery.status}${s.lastDelivery.statusCode ? ` (${s.lastDelivery.statusCode})` : ""}, ${new Date(s.lastDelivery.at).toLocaleString()}`
                        : "None yet"}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      <Button size="compact-xs" variant="light" onClick={() => setEditing(s)}>
                        Edit
                      </Button>
                      <Button
                        size="compact-xs"
                        variant="light"
                        onClick={() => update.mutate({ id: s.id, enabled: !s.enabled })}
                      >
                        {s.enabled ? "Turn off" : "Turn on"}
                      </Button>
                      <Button
                        size="compact-xs"
                        variant="light"
                        disabled={!s.enabled}
                        onClick={() => test.mutate({ id: s.id })}
                      >
                        Test
                      </Button>
                      <Button size="compact-xs" variant="light" onClick={() => setLogOf(s)}>
                        Log
                      </Button>
                      <Button size="compact-xs" variant="light" onClick={() => rotate.mutate({ id: s.id })}>
                        New secret
                      </Button>
                      <Button
                        size="compact-xs"
                        variant="light"
                        color="red"
                        onClick={() => window.confirm(`Delete the webhook to ${s.url}?`) && remove.mutate({ id: s.id })}
                      >
                        Delete
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
      <WebhookForm
        editing={editing}
        onClose={() => setEditing(null)}
        onCreated={(created) => setSecret(created)}
        onSaved={refresh}
      />
      <SecretModal secret={secret} onClose={() => setSecret(null)} />
      <DeliveryLog subscription={logOf} onClose={() => setLogOf(null)} />
    </Container>
  );
}

/** The admin's switch: private and loopback targets, allowed outside production by default. */
function PrivateTargetsSwitch() {
  const utils = trpc.useUtils();
  const settings = trpc.webhooks.settings.useQuery();
  const save = trpc.webhooks.updateSettings.useMutation(
    toastOutcome(
      (s) => [
        "Setting saved",
        s.allowPrivateTargets ? "Private addresses can receive webhooks." : "Private addresses are refused.",
      ],
      "Failed to save the setting",
      () => utils.webhooks.settings.invalidate(),
    ),
  );
  if (!settings.data) return null;
  const value = settings.data.allowPrivateTargets;
  return (
    <Card withBorder padding="md">
      <Switch
        label="Allow private and loopback addresses as targets"
        description={
          value === null
            ? "Default: allowed outside production, refused in production."
            : "Targets on 10.x, 172.16-31.x, 192.168.x, 127.x, link-local and unique-local addresses."
        }
        checked={value ?? false}
        onChange={(e) => save.mutate({ allowPrivateTargets: e.currentTarget.checked })}
      />
    </Card>
  );
}
