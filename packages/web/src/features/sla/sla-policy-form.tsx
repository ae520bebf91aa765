import { Button, Group, Stack, Text } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { type SlaPolicySettings, type SlaPolicyView, slaPolicySchema } from "@repo/validators";
import { useEffect } from "react";
import { formatExact } from "../../lib/format-date";
import { showCallFailure, showSuccess } from "../../lib/staff-toasts";
import { trpc } from "../../lib/trpc";
import { staleCurrent } from "../../lib/use-versioned-edits";
import { SlaCalendarCard } from "./sla-calendar-card";
import { SlaHolidaysCard } from "./sla-holidays-card";
import { SlaTargetsCard } from "./sla-targets-card";

/** The policy's three sections; read-only (a disabled fieldset) unless `canEdit`. */
export function SlaPolicyForm({ policy, canEdit }: { policy: SlaPolicyView; canEdit: boolean }) {
  const { form, save } = useSlaPolicyForm(policy);
  return (
    <form onSubmit={form.onSubmit((values) => save.mutate(values))} noValidate>
      <fieldset disabled={!canEdit || save.isPending} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Stack gap="lg">
          <SlaTargetsCard form={form} />
          <SlaCalendarCard form={form} />
          <SlaHolidaysCard form={form} canEdit={canEdit} />
          {canEdit ? (
            <Group justify="space-between">
              <Text size="sm" c="dimmed">
                {policy.updatedByName
                  ? `Last changed by ${policy.updatedByName}, ${formatExact(policy.updatedAt)}`
                  : null}
              </Text>
              <Button type="submit" loading={save.isPending}>
                Save SLA policy
              </Button>
            </Group>
          ) : null}
        </Stack>
      </fieldset>
    </form>
  );
}

const settingsOf = ({ updatedAt: _at, updatedByName: _by, ...settings }: SlaPolicyView): SlaPolicySettings => settings;

/** The form over the stored policy, and its save: a saved policy moves the open tickets' due times. */
function useSlaPolicyForm(policy: SlaPolicyView) {
  const utils = trpc.useUtils();
  const form = useForm<SlaPolicySettings>({
    initialValues: settingsOf(policy),
    validate: schemaResolver(slaPolicySchema, { sync: true }),
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: a newer save (here or elsewhere) resets the form
  useEffect(() => {
    form.setValues(settingsOf(policy));
    form.resetDirty(settingsOf(policy));
  }, [policy.updatedAt]);

  const save = trpc.sla.updatePolicy.useMutation({
    onSuccess: async (saved) => {
      showSuccess("SLA policy saved", "Open tickets' due times follow the new policy.");
      utils.sla.policy.setData(undefined, saved);
      await utils.sla.ticket.invalidate();
    },
    onError: (error) => {
      showCallFailure(error, "Failed to save SLA policy");
      // Saved by someone else since it was read (docs/architecture.md §8a): the form shows their policy.
      const current = staleCurrent<SlaPolicyView>(error);
      if (current) utils.sla.policy.setData(undefined, current);
    },
  });
  return { form, save };
}
