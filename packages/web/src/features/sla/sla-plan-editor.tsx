import { Button, Group, Modal, NumberInput, SimpleGrid, Stack, Switch, Text, TextInput } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import {
  type SlaPlan,
  type SlaPlanUpdateInput,
  STAFF_PRIORITY_LABELS,
  slaPlanUpdateInputSchema,
} from "@repo/validators";
import { useEffect } from "react";
import { showCallFailure, showSuccess } from "../../lib/staff-toasts";
import { trpc } from "../../lib/trpc";

const valuesOf = (plan: SlaPlan): SlaPlanUpdateInput => ({
  id: plan.id,
  name: plan.name,
  targets: plan.targets,
  version: plan.version,
});

/**
 * Renames a named plan and sets its targets (docs/decisions/0034-named-sla-plans.md); the default plan's
 * targets are the Targets card's. Saving re-times the open tickets of the plan's companies.
 */
export function SlaPlanEditor({ plan, onClose }: { plan: SlaPlan | null; onClose(): void }) {
  const utils = trpc.useUtils();
  const form = useForm<SlaPlanUpdateInput>({
    initialValues: plan ? valuesOf(plan) : { id: "", name: "", targets: [] },
    validate: schemaResolver(slaPlanUpdateInputSchema, { sync: true }),
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form resets when another plan opens, not on each render
  useEffect(() => {
    if (plan) form.setValues(valuesOf(plan));
  }, [plan]);
  const save = trpc.sla.updatePlan.useMutation({
    onSuccess: async (saved) => {
      showSuccess("SLA plan saved", `${saved.name}'s companies' open tickets follow its targets.`);
      await Promise.all([utils.sla.plans.invalidate(), utils.sla.ticket.invalidate()]);
      onClose();
    },
    onError: (error) => showCallFailure(error, "Failed to save SLA plan"),
  });
  return (
    <Modal opened={plan !== null} onClose={onClose} title={plan ? `Edit ${plan.name}` : ""} size="lg">
      <form onSubmit={form.onSubmit((values) => save.mutate(values))}>
        <Stack gap="sm">
          <TextInput label="Plan name" required data-autofocus {...form.getInputProps("name")} />
          {form.values.targets.map((target, i) => {
            const name = STAFF_PRIORITY_LABELS[target.priority];
            return (
              <SimpleGrid key={target.priority} cols={{ base: 1, sm: 4 }} spacing="sm">
                <Text fw={600} size="sm" pt={{ sm: 6 }}>
                  {name}
                </Text>
                <NumberInput
                  aria-label={`${name} first response (minutes)`}
                  min={1}
                  allowDecimal={false}
                  {...form.getInputProps(`targets.${i}.firstResponseMinutes`)}
                />
                <NumberInput
                  aria-label={`${name} resolution (minutes)`}
                  min={1}
                  allowDecimal={false}
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
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save plan
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
