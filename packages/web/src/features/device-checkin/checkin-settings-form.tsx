import { Button, Card, Group, NumberInput, Stack, Switch, Title } from "@mantine/core";
import type { CheckinSettings } from "@repo/validators";
import { useState } from "react";
import { toastOutcome } from "../../lib/staff-toasts";
import { trpc } from "../../lib/trpc";

/** The three thresholds, each a whole number of days from 1 to 365 (checkinSettingsSchema). */
const DAY_FIELDS = [
  {
    key: "staleAfterDays",
    label: "Stale after (days)",
    description: "A device with no check-in for this long is marked Stale.",
  },
  {
    key: "antivirusMaxAgeDays",
    label: "Antivirus signatures at most (days old)",
    description: "Older signatures put the device at risk.",
  },
  {
    key: "updateMaxAgeDays",
    label: "Last update at most (days ago)",
    description: "A device not updated for longer is at risk.",
  },
] as const;

type DayField = (typeof DAY_FIELDS)[number]["key"];

/** The error under a day field, or null: the server's rule, said before the call. */
export function dayError(label: string, value: number | string): string | null {
  if (typeof value !== "number" || !Number.isInteger(value)) return `${label} must be a whole number of days`;
  if (value < 1 || value > 365) return `${label} must be between 1 and 365 days`;
  return null;
}

export function CheckinSettingsForm({ settings }: { settings: CheckinSettings }) {
  const utils = trpc.useUtils();
  const [days, setDays] = useState<Record<DayField, number | string>>({
    staleAfterDays: settings.staleAfterDays,
    antivirusMaxAgeDays: settings.antivirusMaxAgeDays,
    updateMaxAgeDays: settings.updateMaxAgeDays,
  });
  const [tickets, setTickets] = useState(settings.complianceTickets);
  const errors = Object.fromEntries(
    DAY_FIELDS.map((field) => [field.key, dayError(field.label.replace(/ \(.*\)$/, ""), days[field.key])]),
  ) as Record<DayField, string | null>;
  const invalid = Object.values(errors).some(Boolean);
  const save = trpc.settings.updateCheckin.useMutation(
    toastOutcome(
      (saved) => ["Check-in settings saved", `Devices are stale after ${saved.staleAfterDays} days.`],
      "Failed to save the check-in settings",
      () => utils.settings.checkin.invalidate(),
    ),
  );
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="checkin-settings-title">
      <Title order={2} size="h3" id="checkin-settings-title" mb="md">
        Settings
      </Title>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (invalid) return;
          save.mutate({
            staleAfterDays: Number(days.staleAfterDays),
            antivirusMaxAgeDays: Number(days.antivirusMaxAgeDays),
            updateMaxAgeDays: Number(days.updateMaxAgeDays),
            complianceTickets: tickets,
          });
        }}
      >
        <Stack gap="sm" maw={420}>
          {DAY_FIELDS.map((field) => (
            <NumberInput
              key={field.key}
              label={field.label}
              description={field.description}
              value={days[field.key]}
              onChange={(value) => setDays((current) => ({ ...current, [field.key]: value }))}
              error={errors[field.key]}
              min={1}
              max={365}
              allowDecimal={false}
              allowNegative={false}
            />
          ))}
          <Switch
            label="Open a ticket for each problem a check-in finds"
            checked={tickets}
            onChange={(event) => setTickets(event.currentTarget.checked)}
          />
          <Group>
            <Button type="submit" loading={save.isPending} disabled={invalid}>
              Save check-in settings
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
