// The next update of an incident: its status and message, and whether to tell the linked tickets (one
// comment on each, one mail per requester) and, with Resolved, resolve them. The server refuses resolving
// the tickets without resolving the incident; the form offers it only with Resolved.
import { Button, Checkbox, Paper, Select, Stack, Textarea, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { type Incident, INCIDENT_STATUSES, INCIDENT_STATUS_LABELS, type IncidentStatus } from "@repo/validators";
import { toastOutcome } from "../../lib/staff-toasts";
import { trpc } from "../../lib/trpc";

interface UpdateValues {
  status: IncidentStatus;
  message: string;
  notifyTickets: boolean;
  resolveTickets: boolean;
}

const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? "" : "s"}`;

export function PostUpdateForm({ incident }: { incident: Incident }) {
  const utils = trpc.useUtils();
  const post = trpc.incidents.update.useMutation();
  const form = useForm<UpdateValues>({
    initialValues: { status: incident.status, message: "", notifyTickets: false, resolveTickets: false },
    validate: { message: (v) => (v.trim() ? null : "Message is required") },
  });
  const resolving = form.values.status === "RESOLVED";
  const submit = (values: UpdateValues) =>
    post.mutate(
      {
        id: incident.id,
        ...values,
        message: values.message.trim(),
        resolveTickets: values.status === "RESOLVED" && values.resolveTickets,
      },
      toastOutcome(
        (result) => [
          "Update posted",
          `${plural(result.ticketsCommented, "ticket")} told, ${plural(result.requestersMailed, "requester")} mailed, ${plural(result.ticketsResolved, "ticket")} resolved.`,
        ],
        "Failed to post the update",
        async (result) => {
          utils.incidents.get.setData({ id: incident.id }, result.incident);
          form.setValues({ status: result.incident.status, message: "", notifyTickets: false, resolveTickets: false });
          await Promise.all([utils.incidents.list.invalidate(), utils.incidents.suggestedTickets.invalidate()]);
        },
      ),
    );
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="post-update">
      <Title order={2} size="h4" id="post-update" mb="sm">
        Post update
      </Title>
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="sm">
          <Select
            label="Status"
            allowDeselect={false}
            data={INCIDENT_STATUSES.map((value) => ({ value, label: INCIDENT_STATUS_LABELS[value] }))}
            {...form.getInputProps("status")}
          />
          <Textarea label="Message" required rows={3} {...form.getInputProps("message")} />
          <Checkbox
            label="Tell the linked tickets (one comment each, one mail per requester)"
            {...form.getInputProps("notifyTickets", { type: "checkbox" })}
          />
          {resolving && (
            <Checkbox
              label="Resolve the linked tickets"
              {...form.getInputProps("resolveTickets", { type: "checkbox" })}
            />
          )}
          <Button type="submit" loading={post.isPending} style={{ alignSelf: "flex-start" }}>
            Post update
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
