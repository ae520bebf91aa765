import { Container, Text, Title } from "@mantine/core";
import { ticketReference } from "@repo/validators";
import { getRouteApi } from "@tanstack/react-router";

const route = getRouteApi("/_client-portal/client/tickets/$id");

export function ClientTicketPage() {
  const { id } = route.useParams();
  return (
    <Container size="md" py="xl">
      <Title order={1}>Ticket #{ticketReference(id)}</Title>
      <Text c="dimmed" mt="xs">
        The details, status and conversation of this support ticket.
      </Text>
    </Container>
  );
}
