import { Button, Card, Group, Select, Stack, Text, TextInput, Title } from "@mantine/core";
import type { TimeSettings } from "@repo/validators";
import { useState } from "react";
import { toastOutcome } from "../../lib/staff-toasts";
import { trpc } from "../../lib/trpc";
import { formatMinutes } from "@repo/validators";

const ROUNDINGS = [
  { value: "1", label: "1 minute (no rounding)" },
  { value: "6", label: "6 minutes (a tenth of an hour)" },
  { value: "15", label: "15 minutes (a quarter hour)" },
];

/** Hours as people type them ("7.5", "7,5", "8") to whole minutes; null when it is not a number of hours. */
export function hoursToMinutes(input: string): number | null {
  const value = input.trim().replace(",", ".");
  if (!/^\d{1,2}(\.\d{1,2})?$/.test(value)) return null;
  return Math.round(Number(value) * 60);
}

/** Whole minutes as hours for the form: 450 is "7.5". */
const minutesToHours = (minutes: number) => String(Math.round((minutes / 60) * 100) / 100);

/**
 * The time settings (rounding, the expected day): the form shows hours, stores minutes. Whether agents see
 * rates is the billing settings' "agents see money", its one home.
 */
export function TimeSettingsForm({ settings }: { settings: TimeSettings }) {
  const utils = trpc.useUtils();
  const [rounding, setRounding] = useState(String(settings.roundingMinutes));
  const [hours, setHours] = useState(minutesToHours(settings.expectedMinutesPerDay));
  const minutes = hoursToMinutes(hours);
  const hoursError =
    minutes === null
      ? "Expected hours must be a number of hours, like 7.5"
      : minutes > 24 * 60
        ? "Expected hours must be at most 24"
        : null;
  const save = trpc.time.updateSettings.useMutation(
    toastOutcome(
      (saved) => [
        "Time settings saved",
        saved.expectedMinutesPerDay === 0
          ? `Drafts round to ${saved.roundingMinutes} min; no reminders.`
          : `Drafts round to ${saved.roundingMinutes} min; a day is ${formatMinutes(saved.expectedMinutesPerDay)}.`,
      ],
      "Failed to save the time settings",
      () => utils.time.settings.invalidate(),
    ),
  );
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="time-settings-title">
      <Title order={2} size="h3" id="time-settings-title" mb="md">
        Settings
      </Title>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (minutes === null || hoursError) return;
          save.mutate({
            roundingMinutes: Number(rounding) as TimeSettings["roundingMinutes"],
            expectedMinutesPerDay: minutes,
          });
        }}
      >
        <Stack gap="sm" maw={420}>
          <Select
            label="Round drafts up to"
            allowDeselect={false}
            value={rounding}
            onChange={(value) => value && setRounding(value)}
            data={ROUNDINGS}
          />
          <TextInput
            label="Expected hours a day"
            description="A working day below this gets one reminder the next morning; 0 turns reminders off."
            value={hours}
            onChange={(event) => setHours(event.currentTarget.value)}
            error={hoursError}
          />
          <Text size="xs" c="dimmed">
            Rounding applies to drafts accepted from now on; recorded time keeps its minutes.
          </Text>
          <Group>
            <Button type="submit" loading={save.isPending} disabled={Boolean(hoursError)}>
              Save time settings
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
