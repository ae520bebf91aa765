// /settings/sla (docs/architecture.md §9): the SLA policy. Every staff role reads it; only an
// ADMIN edits it (the server refuses anyone else). Saving moves every open ticket's due times at once.
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Container,
  Group,
  NumberInput,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import {
  SLA_AT_RISK_PERCENT,
  type SlaPolicySettings,
  type SlaPolicyView,
  slaPolicySchema,
  STAFF_PRIORITY_LABELS,
} from "@repo/validators";
import { useEffect } from "react";
import { LoadingStatus, StaffPageHeader } from "../../components/staff-page";
import { readStoredUser } from "../../lib/auth-storage";
import { formatExact } from "../../lib/format-date";
import { showCallFailure, showSuccess } from "../../lib/staff-toasts";
import { trpc } from "../../lib/trpc";
import { formatWorkingTime } from "./sla-countdown";

const DAYS = [
  { value: 1, label: "Monday" },
  { value: 2, label: "Tuesday" },
  { value: 3, label: "Wednesday" },
  { value: 4, label: "Thursday" },
  { value: 5, label: "Friday" },
  { value: 6, label: "Saturday" },
  { value: 0, label: "Sunday" },
];

const settingsOf = ({ updatedAt: _at, updatedByName: _by, ...settings }: SlaPolicyView): SlaPolicySettings => settings;

export function SlaPolicyPage() {
  const policy = trpc.sla.policy.useQuery();
  const canEdit = readStoredUser()?.role === "ADMIN";
  return (
    <Container size="lg" py="xl">
      <StaffPageHeader
        title="SLA policy"
        action={null}
        description={
          canEdit
            ? "Targets per priority, the business-hours calendar and its holidays. Saving moves the due times of every open ticket."
            : "Targets per priority, the business-hours calendar and its holidays. Only an administrator can change them."
        }
      />
      {policy.isPending ? (
        <LoadingStatus>Loading SLA policy...</LoadingStatus>
      ) : policy.data ? (
        <SlaPolicyForm policy={policy.data} canEdit={canEdit} />
      ) : (
        <Alert color="red" role="alert">
          The SLA policy could not be loaded.
        </Alert>
      )}
    </Container>
  );
}

function SlaPolicyForm({ policy, canEdit }: { policy: SlaPolicyView; canEdit: boolean }) {
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
    onError: (error) => showCallFailure(error, "Failed to save SLA policy"),
  });

  const holidays = form.values.calendar.holidays;
  return (
    <form onSubmit={form.onSubmit((values) => save.mutate(values))} noValidate>
      <fieldset disabled={!canEdit || save.isPending} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Stack gap="lg">
          <Card withBorder padding="lg" component="section" aria-labelledby="sla-targets-title">
            <Title order={2} size="h3" id="sla-targets-title" mb="xs">
              Targets
            </Title>
            <Text size="sm" c="dimmed" mb="md">
              In minutes of working time: business hours on the calendar below, or around the clock when business hours
              are off.
            </Text>
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
          </Card>

          <Card withBorder padding="lg" component="section" aria-labelledby="sla-calendar-title">
            <Title order={2} size="h3" id="sla-calendar-title" mb="md">
              Business hours
            </Title>
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
          </Card>

          <Card withBorder padding="lg" component="section" aria-labelledby="sla-holidays-title">
            <Title order={2} size="h3" id="sla-holidays-title" mb="xs">
              Holidays
            </Title>
            <Text size="sm" c="dimmed" mb="md">
              No business time counts on these dates.
            </Text>
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
          </Card>

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

const durationHint = (minutes: number) =>
  typeof minutes === "number" && minutes > 0 ? `: ${formatWorkingTime(minutes * 60_000)}` : "";
