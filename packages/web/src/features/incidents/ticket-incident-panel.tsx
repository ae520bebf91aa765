// The agent desk's ticket page (docs/features.md §18): the incident the ticket is linked to, or a pick of
// the open incidents to link it to, so its requester is told with that incident's updates. A VIEWER sees
// the link without the pick.
import { Button, CloseButton, Group, Select, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { AnchorLink } from "../../components/router-links";
import { showCallFailure, showSuccess } from "../../lib/staff-toasts";
import { trpc } from "../../lib/trpc";

export function TicketIncidentPanel({ ticketId, readOnly }: { ticketId: string; readOnly: boolean }) {
  const utils = trpc.useUtils();
  const open = trpc.incidents.list.useQuery({ open: "true" });
  const [chosen, setChosen] = useState<string | null>(null);
  const changed = async () => {
    setChosen(null);
    await utils.incidents.list.invalidate();
  };
  const link = trpc.incidents.linkTicket.useMutation({
    onSuccess: async (incident) => {
      showSuccess("Ticket linked", `The ticket is linked to "${incident.title}".`);
      await changed();
    },
    onError: (error) => showCallFailure(error, "Failed to link the ticket"),
  });
  const unlink = trpc.incidents.unlinkTicket.useMutation({
    onSuccess: changed,
    onError: (error) => showCallFailure(error, "Failed to unlink the ticket"),
  });
  const incidents = open.data ?? [];
  const linked = incidents.filter((i) => i.ticketIds.includes(ticketId));
  const others = incidents.filter((i) => !i.ticketIds.includes(ticketId));
  // Nothing open and nothing linked: no panel, so the page stays as it was on a quiet day.
  if (open.isPending || open.isError || incidents.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-labelledby="ticket-incident">
      <Title order={3} size="h5" id="ticket-incident">
        Incident
      </Title>
      {linked.map((incident) => (
        <Group key={incident.id} gap="xs" justify="space-between" wrap="nowrap">
          <Text size="sm">
            Linked to{" "}
            <AnchorLink to="/incidents/$id" params={{ id: incident.id }}>
              {incident.title}
            </AnchorLink>
          </Text>
          {!readOnly && (
            <CloseButton
              size="sm"
              aria-label={`Unlink from ${incident.title}`}
              disabled={unlink.isPending}
              onClick={() => unlink.mutate({ id: incident.id, ticketId })}
            />
          )}
        </Group>
      ))}
      {linked.length === 0 && (
        <Text size="sm" c="dimmed">
          Not linked to an open incident.
        </Text>
      )}
      {!readOnly && others.length > 0 && (
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <Select
            label="Link to an open incident"
            placeholder="Choose an incident"
            data={others.map((i) => ({ value: i.id, label: i.title }))}
            value={chosen}
            onChange={setChosen}
            style={{ flex: 1 }}
          />
          <Button disabled={!chosen || link.isPending} onClick={() => chosen && link.mutate({ id: chosen, ticketId })}>
            Link
          </Button>
        </Group>
      )}
    </Stack>
  );
}
