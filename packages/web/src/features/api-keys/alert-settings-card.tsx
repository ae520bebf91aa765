// How alerts from monitoring tools are handled (POST /api/alerts, docs/features.md §13): whether a
// recovery resolves its ticket, and from how many alerts a minute a company's alerts go to one flood ticket.
import { Button, Card, Group, NumberInput, Switch, Text, Title } from "@mantine/core";
import type { AlertSettings } from "@repo/validators";
import { useEffect, useState } from "react";
import { toastOutcome } from "../../lib/staff-toasts";
import { trpc } from "../../lib/trpc";

export function AlertSettingsCard() {
  const utils = trpc.useUtils();
  const stored = trpc.alerts.settings.useQuery();
  const [draft, setDraft] = useState<AlertSettings | null>(null);
  useEffect(() => {
    if (stored.data) setDraft(stored.data);
  }, [stored.data]);
  const save = trpc.alerts.updateSettings.useMutation(
    toastOutcome(
      () => ["Alert settings saved", "New alerts follow them."],
      "Failed to save the alert settings",
      () => utils.alerts.settings.invalidate(),
    ),
  );
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="alert-settings-title">
      <Title order={2} size="h3" id="alert-settings-title" mb="xs">
        Alerts from monitoring tools
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Tools post alerts to /api/alerts with a key that has the alerts:write scope. Alerts of one device and check fold
        into one open ticket.
      </Text>
      {!draft ? (
        <Text size="sm" c="dimmed" role="status">
          {stored.isError ? "The alert settings could not be loaded." : "Loading alert settings..."}
        </Text>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            save.mutate(draft);
          }}
        >
          <Group align="flex-end" gap="lg">
            <Switch
              label="A recovery resolves the alert's ticket"
              checked={draft.resolveOnRecovery}
              onChange={(e) => setDraft({ ...draft, resolveOnRecovery: e.currentTarget.checked })}
            />
            <NumberInput
              label="Alerts a minute before a company's alerts go to one flood ticket"
              min={1}
              max={10_000}
              allowDecimal={false}
              value={draft.floodPerMinute}
              onChange={(value) => setDraft({ ...draft, floodPerMinute: typeof value === "number" ? value : 1 })}
            />
            <Button type="submit" loading={save.isPending}>
              Save
            </Button>
          </Group>
        </form>
      )}
    </Card>
  );
}
