import { Button, Group, Stack, Text, TextInput } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { formatWeekday } from "@repo/content";
import { SlaCard } from "./sla-card";
import { observedHolidays, type SlaPolicySettings } from "@repo/validators";

/** The dates on which no business time counts; an admin adds and removes them. */
export function SlaHolidaysCard({ form, canEdit }: { form: UseFormReturnType<SlaPolicySettings>; canEdit: boolean }) {
  const { holidays, workDays } = form.values.calendar;
  const observed = observedHolidays(holidays.map((h) => h.date).filter(isDate), workDays);
  return (
    <SlaCard
      id="sla-holidays-title"
      title="Holidays"
      intro="No business time counts on these dates. A holiday on a day off is observed on the next working day."
    >
      <Stack gap="xs">
        {holidays.length === 0 ? (
          <Text size="sm" c="dimmed">
            No holidays.
          </Text>
        ) : null}
        {holidays.map((holiday, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id; an edited date must keep its row
          <Group key={i} gap="xs" align="flex-start" wrap="wrap">
            <TextInput
              type="date"
              aria-label={`Holiday ${i + 1} date`}
              {...form.getInputProps(`calendar.holidays.${i}.date`)}
            />
            <TextInput
              aria-label={`Holiday ${i + 1} name`}
              placeholder="Name"
              style={{ flex: 1, minWidth: 180 }}
              {...form.getInputProps(`calendar.holidays.${i}.name`)}
            />
            {observed.get(holiday.date) && observed.get(holiday.date) !== holiday.date ? (
              <Text size="sm" c="dimmed" mt={8} data-testid="holiday-observed">
                Observed {formatWeekday(observed.get(holiday.date)!)}
              </Text>
            ) : null}
            {canEdit ? (
              <Button
                variant="subtle"
                color="red"
                aria-label={`Remove holiday ${holiday.date || i + 1}`}
                onClick={() => form.removeListItem("calendar.holidays", i)}
              >
                Remove
              </Button>
            ) : null}
          </Group>
        ))}
      </Stack>
      {canEdit ? (
        <Button
          variant="light"
          mt="md"
          onClick={() => form.insertListItem("calendar.holidays", { date: "", name: "" })}
        >
          Add holiday
        </Button>
      ) : null}
    </SlaCard>
  );
}

const isDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));
