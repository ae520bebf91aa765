import { Container, Text, Title } from "@mantine/core";
import { SUBMIT_TICKET_PAGE } from "@repo/content";
import PublicTicketPanel from "./public-ticket-panel.island";

/** /submit-ticket (docs/product-spec.md §2): the form until a ticket is created, then its confirmation. */
export function SubmitTicketPage() {
  return (
    <Container size="md" py={{ base: 48, md: 80 }}>
      <Title order={1} fz={{ base: 32, md: 42 }}>
        {SUBMIT_TICKET_PAGE.title}
      </Title>
      <Text size="lg" c="dimmed" mt="sm" mb="xl">
        {SUBMIT_TICKET_PAGE.subtitle}
      </Text>
      <PublicTicketPanel />
    </Container>
  );
}
