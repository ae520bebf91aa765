// Adds a recurring ticket schedule or edits one: the company, the ticket each run opens, and when. Checked by
// the schema the API uses; what only the server can say (a bad RRULE, "more often than hourly") shows in the
// live preview before the save, and in the save's toast.
import { Checkbox, Divider, Group, Select, TagsInput, Textarea, TextInput, Title } from "@mantine/core";
import {
  recurringTicketFieldsSchema,
  type RecurringTicket,
  TICKET_PRIORITIES,
  STAFF_PRIORITY_LABELS,
  TICKET_TYPES,
  TICKET_TYPE_LABELS,
} from "@repo/validators";
import { DeviceSelect } from "../../components/device-select";
import { ItemFormModal, type ItemModalProps } from "../../components/item-form-modal";
import { trpc } from "../../lib/trpc";
import { useAssigneeOptions, useClientOptions } from "../staff-portal/use-ticket-options";
import { UNASSIGNED } from "../staff-portal/ticket-form-values";
import { ScheduleFields } from "./schedule-fields";
import { type ScheduleFormValues, scheduleFormValues } from "./schedule-form-values";

const LABELS: Record<keyof ScheduleFormValues, string> = {
  name: "Name",
  clientId: "Company",
  title: "Subject",
  description: "Description",
  priority: "Priority",
  type: "Type",
  assigneeId: "Assignee",
  tags: "Tags",
  deviceId: "Device",
  rrule: "Schedule",
  dtstart: "Start",
  enabled: "Enabled",
  skipIfOpen: "Skip while the previous ticket is open",
};

export function ScheduleModal(props: ItemModalProps<RecurringTicket>) {
  const utils = trpc.useUtils();
  const clients = useClientOptions();
  const assignees = useAssigneeOptions();
  return (
    <ItemFormModal<RecurringTicket, ScheduleFormValues>
      {...props}
      title={props.item ? "Edit Recurring Ticket" : "New Recurring Ticket"}
      schema={recurringTicketFieldsSchema}
      noun="recurring ticket"
      labels={LABELS}
      values={scheduleFormValues}
      calls={trpc.recurring}
      saved={(saved, created) => [
        created ? "Recurring ticket created" : "Recurring ticket updated",
        `"${saved.name}" runs ${saved.scheduleText}.`,
      ]}
      failure="Failed to save the recurring ticket"
      refresh={() => utils.recurring.list.invalidate()}
      label={props.item ? "Save Changes" : "Create Schedule"}
    >
      {(form) => (
        <>
          <TextInput label="Name" required data-autofocus {...form.getInputProps("name")} />
          <Select
            label="Company"
            required
            searchable
            data={clients.options}
            placeholder={clients.loading ? "Loading companies..." : "Choose a company"}
            {...form.getInputProps("clientId")}
            onChange={(v) => {
              form.setFieldValue("clientId", v ?? "");
              // A device belongs to one company.
              form.setFieldValue("deviceId", "");
            }}
          />
          <Divider />
          <Title order={3} size="h5">
            The ticket
          </Title>
          <TextInput label="Subject" required {...form.getInputProps("title")} />
          <Textarea label="Description" required rows={4} resize="vertical" {...form.getInputProps("description")} />
          <Group grow align="flex-start">
            <Select
              label="Priority"
              allowDeselect={false}
              data={TICKET_PRIORITIES.map((p) => ({ value: p, label: STAFF_PRIORITY_LABELS[p] }))}
              {...form.getInputProps("priority")}
            />
            <Select
              label="Type"
              allowDeselect={false}
              data={TICKET_TYPES.map((t) => ({ value: t, label: TICKET_TYPE_LABELS[t] }))}
              {...form.getInputProps("type")}
            />
          </Group>
          <Select
            label="Assignee"
            data={assignees.options}
            allowDeselect={false}
            value={form.getValues().assigneeId || UNASSIGNED}
            onChange={(v) => form.setFieldValue("assigneeId", !v || v === UNASSIGNED ? "" : v)}
            error={form.errors.assigneeId}
          />
          <TagsInput label="Tags" clearable {...form.getInputProps("tags")} />
          <TemplateDevice
            clientId={form.getValues().clientId}
            deviceId={form.getValues().deviceId}
            set={(id) => form.setFieldValue("deviceId", id)}
          />
          <Divider />
          <Title order={3} size="h5">
            When
          </Title>
          <ScheduleFields form={form} initialRrule={props.item?.rrule ?? null} />
          <Checkbox
            label="Skip while the previous ticket is open"
            description="The skipped date is logged with the open ticket's reference."
            {...form.getInputProps("skipIfOpen", { type: "checkbox" })}
          />
          <Checkbox label="Enabled" {...form.getInputProps("enabled", { type: "checkbox" })} />
        </>
      )}
    </ItemFormModal>
  );
}

function TemplateDevice({ clientId, deviceId, set }: { clientId: string; deviceId: string; set(id: string): void }) {
  const devices = trpc.devices.list.useQuery({ clientId }, { enabled: clientId !== "" });
  return (
    <DeviceSelect
      label="Device"
      devices={devices}
      noDevice={clientId ? "No device" : "Choose a company first"}
      failed="The devices could not be loaded."
      disabled={clientId === ""}
      value={deviceId || null}
      onChange={(v) => set(v ?? "")}
    />
  );
}
