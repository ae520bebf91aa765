import { NumberInput, SimpleGrid, Stack, Switch, Text } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { SlaCard } from "./sla-card";
import { type SlaPolicySettings, STAFF_PRIORITY_LABELS, SLA_AT_RISK_PERCENT } from "@repo/validators";
import { formatWorkingTime } from "./sla-countdown";

/** The SLA policy's targets: first response and resolution per priority, and when a ticket is at risk. */
export function SlaTargetsCard({ form }: { form: UseFormReturnType<SlaPolicySettings> }) {
  return (
    <SlaCard
      id="sla-targets-title"
      title="Targets"
      intro="In minutes of working time: business hours on the calendar below, or around the clock when business hours are off."
    >
      <Stack gap="sm">
        {form.values.targets.map((target, i) => {
          const name = STAFF_PRIORITY_LABELS[target.priority];
          // A row per priority rather than a table: at phone width it stacks instead of scrolling.
          return (
            <SimpleGrid key={target.priority} cols={{ base: 1, sm: 4 }} spacing="sm" verticalSpacing="xs">
              <Text fw={600} size="sm" pt={{ sm: 6 }}>
                {name}
              </Text>
              <NumberInput
                aria-label={`${name} first response (minutes)`}
                placeholder="First response"
                min={1}
                allowDecimal={false}
                description={`First response${durationHint(target.firstResponseMinutes)}`}
                inputWrapperOrder={["input", "description", "error"]}
                {...form.getInputProps(`targets.${i}.firstResponseMinutes`)}
              />
              <NumberInput
                aria-label={`${name} resolution (minutes)`}
                placeholder="Resolution"
                min={1}
                allowDecimal={false}
                description={`Resolution${durationHint(target.resolutionMinutes)}`}
                inputWrapperOrder={["input", "description", "error"]}
                {...form.getInputProps(`targets.${i}.resolutionMinutes`)}
              />
              <Switch
                mt={{ sm: 6 }}
                label={`${name}: business hours`}
                {...form.getInputProps(`targets.${i}.businessHours`, { type: "checkbox" })}
              />
            </SimpleGrid>
          );
        })}
      </Stack>
      <NumberInput
        mt="md"
        maw={280}
        label="At risk from (percent of the target used)"
        min={SLA_AT_RISK_PERCENT.min}
        max={SLA_AT_RISK_PERCENT.max}
        allowDecimal={false}
        {...form.getInputProps("atRiskPercent")}
      />
    </SlaCard>
  );
}

const durationHint = (minutes: number) =>
  typeof minutes === "number" && minutes > 0 ? `: ${formatWorkingTime(minutes * 60_000)}` : "";
