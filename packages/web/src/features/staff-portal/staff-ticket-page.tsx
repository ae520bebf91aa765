import { Container, Text, Title } from "@mantine/core";
import { ticketReference } from "@repo/validators";
import { getRouteApi } from "@tanstack/react-router";
import { isNewTicketId } from "./new-ticket-id";

const route = getRouteApi("/_staff-portal/tickets/$id");

/** /tickets/new creates a ticket; /tickets/{id} edits one (spec section 2). */
export function StaffTicketPage() {
  const { id } = route.useParams();
  const creating = isNewTicketId(id);
  return (
    <Container size="md" py="xl">
      <Title order={1}>{creating ? "New Ticket" : `Ticket #${ticketReference(id)}`}</Title>
      <Text c="dimmed" mt="xs">
        {creating ? "Raise a ticket on behalf of a client." : "Review and update this ticket."}
      </Text>
    </Container>
  );
}
