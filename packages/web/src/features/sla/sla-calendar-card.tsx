import { Checkbox, Group, SimpleGrid, Stack, TextInput } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { SlaCard } from "./sla-card";
import type { SlaPolicySettings } from "@repo/validators";

const DAYS = [
  { value: 1, label: "Monday" },
  { value: 2, label: "Tuesday" },
  { value: 3, label: "Wednesday" },
  { value: 4, label: "Thursday" },
  { value: 5, label: "Friday" },
  { value: 6, label: "Saturday" },
  { value: 0, label: "Sunday" },
];

/** The business-hours calendar the targets count in: working days, opening hours and the time zone. */
export function SlaCalendarCard({ form }: { form: UseFormReturnType<SlaPolicySettings> }) {
  return (
    <SlaCard id="sla-calendar-title" title="Business hours">
      <Stack gap="md">
        <Checkbox.Group
          label="Working days"
          value={form.values.calendar.workDays.map(String)}
          onChange={(days) => form.setFieldValue("calendar.workDays", days.map(Number))}
          error={form.errors["calendar.workDays"]}
        >
          <Group gap="md" mt="xs">
            {DAYS.map((d) => (
              <Checkbox key={d.value} value={String(d.value)} label={d.label} />
            ))}
          </Group>
        </Checkbox.Group>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput label="Opening time" type="time" {...form.getInputProps("calendar.openTime")} />
          <TextInput label="Closing time" type="time" {...form.getInputProps("calendar.closeTime")} />
          <TextInput
            label="Time zone"
            description="An IANA time zone, such as America/Toronto"
            {...form.getInputProps("calendar.timeZone")}
          />
        </SimpleGrid>
      </Stack>
    </SlaCard>
  );
}
