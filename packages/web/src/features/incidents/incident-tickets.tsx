// An incident's tickets (docs/features.md §18): those linked to it, told of each update, and while it is
// open the server's suggestions (open tickets of affected companies since shortly before it began), each
// with a Link button. A VIEWER sees both lists without the buttons.
import { Button, CloseButton, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { type Incident, ticketReference } from "@repo/validators";
import { QueryStates } from "../../components/query-states";
import { AnchorLink } from "../../components/router-links";
import { formatDateTime } from "../../lib/format-date";
import { showCallFailure } from "../../lib/staff-toasts";
import { trpc } from "../../lib/trpc";

const LIST_STYLE = { listStyle: "none", padding: 0, margin: 0 } as const;

export function IncidentTickets({ incident, canChange }: { incident: Incident; canChange: boolean }) {
  const utils = trpc.useUtils();
  const saved = async (answer: Incident) => {
    utils.incidents.get.setData({ id: answer.id }, answer);
    await Promise.all([
      utils.incidents.suggestedTickets.invalidate({ id: answer.id }),
      utils.incidents.list.invalidate(),
    ]);
  };
  const link = trpc.incidents.linkTicket.useMutation({
    onSuccess: saved,
    onError: (error) => showCallFailure(error, "Failed to link the ticket"),
  });
  const unlink = trpc.incidents.unlinkTicket.useMutation({
    onSuccess: saved,
    onError: (error) => showCallFailure(error, "Failed to unlink the ticket"),
  });
  const open = incident.status !== "RESOLVED";
  const suggested = trpc.incidents.suggestedTickets.useQuery({ id: incident.id }, { enabled: open });

  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="linked-tickets">
        <Title order={2} size="h4" id="linked-tickets" mb="sm">
          Linked tickets
        </Title>
        {incident.ticketIds.length === 0 ? (
          <Text size="sm" c="dimmed">
            No tickets are linked yet.
          </Text>
        ) : (
          <Stack gap={4} component="ul" style={LIST_STYLE} aria-label="Linked tickets">
            {incident.ticketIds.map((ticketId) => (
              <Group key={ticketId} component="li" gap="xs" justify="space-between" wrap="nowrap">
                <LinkedTicket id={ticketId} />
                {canChange && (
                  <CloseButton
                    size="sm"
                    aria-label={`Unlink #${ticketReference(ticketId)}`}
                    disabled={unlink.isPending}
                    onClick={() => unlink.mutate({ id: incident.id, ticketId })}
                  />
                )}
              </Group>
            ))}
          </Stack>
        )}
      </Paper>
      {open && (
        <Paper withBorder radius="md" p="md" component="section" aria-labelledby="suggested-tickets">
          <Title order={2} size="h4" id="suggested-tickets" mb="sm">
            Suggested tickets
          </Title>
          <QueryStates
            query={suggested}
            texts={{
              loading: "Loading suggested tickets",
              error: "Failed to fetch the suggested tickets",
              empty: "No open ticket of an affected company is waiting to be linked.",
            }}
            isEmpty={(list) => list.length === 0}
          >
            {(list) => (
              <Stack gap="xs" component="ul" style={LIST_STYLE} aria-label="Suggested tickets">
                {list.map((ticket) => (
                  <Group key={ticket.id} component="li" gap="xs" justify="space-between" wrap="nowrap">
                    <Text size="sm">
                      <AnchorLink to="/tickets/$id" params={{ id: ticket.id }}>
                        #{ticketReference(ticket.id)} {ticket.title}
                      </AnchorLink>{" "}
                      <Text span size="xs" c="dimmed">
                        {ticket.requesterName}, {formatDateTime(ticket.createdAt)}
                      </Text>
                    </Text>
                    {canChange && (
                      <Button
                        size="xs"
                        variant="light"
                        aria-label={`Link #${ticketReference(ticket.id)}`}
                        disabled={link.isPending}
                        onClick={() => link.mutate({ id: incident.id, ticketId: ticket.id })}
                      >
                        Link
                      </Button>
                    )}
                  </Group>
                ))}
              </Stack>
            )}
          </QueryStates>
        </Paper>
      )}
    </Stack>
  );
}

/** A linked ticket's number and title (the incident names its tickets by id only). */
function LinkedTicket({ id }: { id: string }) {
  const ticket = trpc.tickets.get.useQuery({ id });
  return (
    <Text size="sm">
      <AnchorLink to="/tickets/$id" params={{ id }}>
        #{ticketReference(id)}
        {ticket.data ? ` ${ticket.data.title}` : ""}
      </AnchorLink>
      {ticket.data ? (
        <Text span size="xs" c="dimmed">
          {" "}
          {ticket.data.requesterName}
        </Text>
      ) : null}
    </Text>
  );
}
