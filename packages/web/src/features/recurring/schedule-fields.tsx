// The schedule part of the form: how often (the builder's common cases, or a raw RRULE), the first date and
// the time of day, then the next dates live. The builder writes the form's `rrule`; the date and time make
// its `dtstart`, a wall time in the business time zone.
import { Checkbox, Group, NumberInput, Select, Stack, TextInput } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { useState } from "react";
import { type Builder, DEFAULT_BUILDER, fromRrule, NTH, type Repeat, toRrule, WEEKDAYS } from "./schedule-builder";
import { SchedulePreview } from "./schedule-preview";
import type { ScheduleFormValues } from "./schedule-form-values";

const REPEATS: { value: Repeat; label: string }[] = [
  { value: "daily", label: "Every day" },
  { value: "weekly", label: "Every week, on chosen days" },
  { value: "monthlyDay", label: "Every month, on a day of the month" },
  { value: "monthlyWeekday", label: "Every month, on a weekday (e.g. second Monday)" },
  { value: "custom", label: "Custom (RRULE)" },
];

export function ScheduleFields({
  form,
  initialRrule,
}: {
  form: UseFormReturnType<ScheduleFormValues>;
  initialRrule: string | null;
}) {
  const [builder, setBuilder] = useState<Builder>(() => (initialRrule ? fromRrule(initialRrule) : DEFAULT_BUILDER));
  const change = (next: Partial<Builder>) => {
    const b = { ...builder, ...next };
    setBuilder(b);
    form.setFieldValue("rrule", toRrule(b));
  };
  const { dtstart, rrule } = form.getValues();
  const [date, time] = [dtstart.slice(0, 10), dtstart.slice(11, 16)];
  const setStart = (d: string, t: string) => form.setFieldValue("dtstart", `${d}T${t}`);

  return (
    <Stack gap="sm">
      <Select
        label="Repeats"
        data={REPEATS}
        value={builder.repeat}
        allowDeselect={false}
        onChange={(v) => change({ repeat: (v ?? "weekly") as Repeat, custom: builder.custom || rrule })}
      />
      {builder.repeat === "weekly" && (
        <Checkbox.Group label="On" value={builder.days} onChange={(days) => change({ days })}>
          <Group gap="sm" mt={4}>
            {WEEKDAYS.map((d) => (
              <Checkbox key={d.value} value={d.value} label={d.label} />
            ))}
          </Group>
        </Checkbox.Group>
      )}
      {builder.repeat === "monthlyDay" && (
        <NumberInput
          label="Day of the month"
          min={1}
          max={31}
          clampBehavior="strict"
          allowDecimal={false}
          value={builder.monthDay}
          onChange={(v) => change({ monthDay: typeof v === "number" ? v : 1 })}
          description="A month without that day is skipped."
        />
      )}
      {builder.repeat === "monthlyWeekday" && (
        <Group grow>
          <Select
            label="Which"
            data={NTH}
            value={String(builder.nth)}
            allowDeselect={false}
            onChange={(v) => change({ nth: Number(v ?? 1) })}
          />
          <Select
            label="Weekday"
            data={WEEKDAYS}
            value={builder.weekday}
            allowDeselect={false}
            onChange={(v) => change({ weekday: v ?? "MO" })}
          />
        </Group>
      )}
      {builder.repeat === "custom" && (
        <TextInput
          label="RRULE"
          required
          description="RFC 5545, e.g. FREQ=MONTHLY;BYDAY=2MO for the second Monday of each month. At most hourly."
          {...form.getInputProps("rrule")}
          onChange={(e) => change({ custom: e.currentTarget.value })}
          styles={{ input: { fontFamily: "monospace" } }}
        />
      )}
      <Group grow align="flex-start">
        <TextInput
          label="Starting on"
          type="date"
          required
          value={date}
          onChange={(e) => setStart(e.currentTarget.value, time)}
          error={form.errors.dtstart}
        />
        <TextInput
          label="At (Toronto time)"
          type="time"
          required
          value={time}
          onChange={(e) => setStart(date, e.currentTarget.value)}
        />
      </Group>
      <SchedulePreview rrule={rrule} dtstart={dtstart} />
    </Stack>
  );
}
