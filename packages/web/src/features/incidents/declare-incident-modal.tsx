// Declares an incident, or schedules a maintenance window: the services and companies it affects, whether
// the public status page shows it, and the first update. The server checks every rule (at least one
// service or company, a window that ends after it starts) and its refusal shows in the toast.
import { Checkbox, Group, Modal, MultiSelect, Select, Stack, Textarea, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import {
  INCIDENT_IMPACTS,
  INCIDENT_STATUSES,
  INCIDENT_STATUS_LABELS,
  type IncidentDeclareInput,
  type IncidentImpact,
  type IncidentStatus,
} from "@repo/validators";
import { useNavigate } from "@tanstack/react-router";
import { FormActions } from "../../components/form-actions";
import { toastOutcome } from "../../lib/staff-toasts";
import { trpc } from "../../lib/trpc";
import { useClientOptions } from "../staff-portal/use-ticket-options";
import { INCIDENT_IMPACT_LABELS } from "./incident-labels";

interface DeclareValues {
  title: string;
  impact: IncidentImpact;
  status: IncidentStatus;
  serviceIds: string[];
  clientIds: string[];
  isPublic: boolean;
  /** datetime-local values (the browser's time), empty for an incident rather than a window. */
  scheduledFor: string;
  scheduledUntil: string;
  message: string;
}

const EMPTY: DeclareValues = {
  title: "",
  impact: "minor",
  status: "INVESTIGATING",
  serviceIds: [],
  clientIds: [],
  isPublic: false,
  scheduledFor: "",
  scheduledUntil: "",
  message: "",
};

/** The call's input: a window only when both ends are given (the form asks for both or neither). */
export function declareInput({ scheduledFor, scheduledUntil, ...fields }: DeclareValues): IncidentDeclareInput {
  const maintenance =
    scheduledFor && scheduledUntil
      ? { scheduledFor: new Date(scheduledFor).toISOString(), scheduledUntil: new Date(scheduledUntil).toISOString() }
      : null;
  return { ...fields, title: fields.title.trim(), message: fields.message.trim(), maintenance };
}

export function DeclareIncidentModal({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const clients = useClientOptions();
  const services = trpc.incidents.services.useQuery(undefined, { enabled: opened });
  const declare = trpc.incidents.declare.useMutation();
  const form = useForm<DeclareValues>({
    initialValues: EMPTY,
    validate: {
      title: (v) => (v.trim() ? null : "Title is required"),
      message: (v) => (v.trim() ? null : "Message is required"),
      serviceIds: (v, values) =>
        v.length + values.clientIds.length > 0 ? null : "Choose at least one service or company",
      scheduledUntil: (v, values) =>
        !v !== !values.scheduledFor ? "Give both the start and the end of the window, or neither" : null,
    },
  });
  const close = () => {
    form.reset();
    onClose();
  };
  const submit = (values: DeclareValues) =>
    declare.mutate(
      declareInput(values),
      toastOutcome(
        (incident) => ["Incident declared", `"${incident.title}" is declared.`],
        "Failed to declare the incident",
        async (incident) => {
          await utils.incidents.list.invalidate();
          close();
          await navigate({ to: "/incidents/$id", params: { id: incident.id } });
        },
      ),
    );

  return (
    <Modal opened={opened} onClose={close} title="Declare incident" centered size="lg">
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="sm">
          <TextInput label="Title" required data-autofocus {...form.getInputProps("title")} />
          <Group grow align="flex-start">
            <Select
              label="Impact"
              allowDeselect={false}
              data={INCIDENT_IMPACTS.map((value) => ({ value, label: INCIDENT_IMPACT_LABELS[value] }))}
              {...form.getInputProps("impact")}
            />
            <Select
              label="Status"
              allowDeselect={false}
              data={INCIDENT_STATUSES.map((value) => ({ value, label: INCIDENT_STATUS_LABELS[value] }))}
              {...form.getInputProps("status")}
            />
          </Group>
          <MultiSelect
            label="Services"
            searchable
            data={(services.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
            placeholder={services.isPending ? "Loading services..." : "Choose services"}
            {...form.getInputProps("serviceIds")}
          />
          <MultiSelect
            label="Companies"
            description="Affected beyond those that depend on the services"
            searchable
            data={clients.options}
            placeholder={clients.loading ? "Loading companies..." : "Choose companies"}
            {...form.getInputProps("clientIds")}
          />
          <Checkbox label="Show on the public status page" {...form.getInputProps("isPublic", { type: "checkbox" })} />
          <Group grow align="flex-start">
            <TextInput
              type="datetime-local"
              label="Maintenance starts"
              description="Optional: a scheduled window"
              {...form.getInputProps("scheduledFor")}
            />
            <TextInput
              type="datetime-local"
              label="Maintenance ends"
              description="Optional"
              {...form.getInputProps("scheduledUntil")}
            />
          </Group>
          <Textarea label="First message" required rows={3} {...form.getInputProps("message")} />
          <FormActions
            onCancel={close}
            pending={declare.isPending}
            label="Declare incident"
            pendingLabel="Declaring..."
          />
        </Stack>
      </form>
    </Modal>
  );
}
