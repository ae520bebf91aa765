import { Button, Group, Stack, Text } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { type SlaPolicySettings, type SlaPolicyView, slaPolicySchema } from "@repo/validators";
import { ChangedElsewhereNotice } from "../../components/changed-elsewhere-notice";
import { formatExact } from "../../lib/format-date";
import { showCallFailure, showSuccess } from "../../lib/staff-toasts";
import { trpc } from "../../lib/trpc";
import { staleCurrent, useVersionedEdits } from "../../lib/use-versioned-edits";
import { SlaCalendarCard } from "./sla-calendar-card";
import { SlaHolidaysCard } from "./sla-holidays-card";
import { SlaTargetsCard } from "./sla-targets-card";

/** The policy's three sections; read-only (a disabled fieldset) unless `canEdit`. */
export function SlaPolicyForm({ policy, canEdit }: { policy: SlaPolicyView; canEdit: boolean }) {
  const { form, save, versioned } = useSlaPolicyForm(policy);
  return (
    <form onSubmit={form.onSubmit((values) => save.mutate({ ...values, version: versioned.version() }))} noValidate>
      <fieldset disabled={!canEdit || save.isPending} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Stack gap="lg">
          {versioned.setAside && (
            <ChangedElsewhereNotice
              what="SLA policy"
              changes={(Object.keys(versioned.setAside) as (keyof typeof SECTION_LABELS)[]).map((key) => ({
                label: SECTION_LABELS[key],
                value: describeSection(versioned.setAside!, key),
              }))}
              onReapply={versioned.reapply}
              onDismiss={versioned.dismiss}
            />
          )}
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
              <Button type="submit" loading={save.isPending} disabled={versioned.setAside !== null}>
                Save SLA policy
              </Button>
            </Group>
          ) : null}
        </Stack>
      </fieldset>
    </form>
  );
}

/** The form's values: the policy without its version, which a save sends beside them. */
const settingsOf = ({ targets, calendar, atRiskPercent }: SlaPolicyView): SlaPolicySettings => ({
  targets,
  calendar,
  atRiskPercent,
});

/** The policy's sections, as the "Changed elsewhere" notice names the ones the person had changed. */
const SECTION_LABELS = { targets: "Targets", calendar: "Business hours and holidays", atRiskPercent: "At risk from" };

/** A set-aside section in a line: "P1 120/480 min, ...", "5 working days, 09:00-17:00 ...", "75%". */
function describeSection(values: Partial<SlaPolicySettings>, key: keyof typeof SECTION_LABELS): string {
  if (key === "targets")
    return (values.targets ?? [])
      .map((t) => `${t.priority} ${t.firstResponseMinutes}/${t.resolutionMinutes} min`)
      .join(", ");
  if (key === "calendar" && values.calendar) {
    const c = values.calendar;
    return `${c.workDays.length} working days, ${c.openTime}-${c.closeTime} ${c.timeZone}, ${c.holidays.length} holidays`;
  }
  return `${values.atRiskPercent}%`;
}

/** The form over the stored policy, and its save: a saved policy moves the open tickets' due times. */
function useSlaPolicyForm(policy: SlaPolicyView) {
  const utils = trpc.useUtils();
  const form = useForm<SlaPolicySettings>({
    initialValues: settingsOf(policy),
    validate: schemaResolver(slaPolicySchema, { sync: true }),
  });
  // A newer policy (saved here or elsewhere) rebases the form; the person's unsaved changes are set aside
  // to re-apply or drop (docs/architecture.md §8a).
  const versioned = useVersionedEdits<SlaPolicyView, SlaPolicySettings>(form, policy, settingsOf);

  const save = trpc.sla.updatePolicy.useMutation({
    onSuccess: async (saved) => {
      versioned.rebase(saved);
      showSuccess("SLA policy saved", "Open tickets' due times follow the new policy.");
      utils.sla.policy.setData(undefined, saved);
      await utils.sla.ticket.invalidate();
    },
    onError: (error) => {
      // Saved by someone else since it was read: the form shows their policy and keeps the person's aside.
      const current = staleCurrent<SlaPolicyView>(error);
      if (!current) return showCallFailure(error, "Failed to save SLA policy");
      versioned.rebase(current);
      utils.sla.policy.setData(undefined, current);
    },
  });
  return { form, save, versioned };
}
