import { Button, Card, CheckIcon, Code, List, Text, ThemeIcon, Title } from "@mantine/core";
import { SUBMIT_TICKET_PAGE } from "@repo/content";
import { ticketReference } from "@repo/validators/labels";
import { useFocusOnMount } from "../../lib/use-focus-on-mount";

/** The page shown after a successful submission (docs/product-spec.md §2): the id and what happens next. */
export function TicketConfirmation({ ticketId, onSubmitAnother }: { ticketId: string; onSubmitAnother: () => void }) {
  // The result replaces the form: focus moves to its heading, not to the page body (WCAG 2.4.3).
  const heading = useFocusOnMount<HTMLHeadingElement>();
  return (
    <Card withBorder radius="md" padding="xl" role="status">
      <ThemeIcon size={56} radius="xl" color="green" mb="md">
        <CheckIcon size={24} />
      </ThemeIcon>
      <Title order={2} ref={heading} tabIndex={-1}>
        Ticket Submitted Successfully!
      </Title>
      <Text mt="md">
        Your ticket ID is <Code fz="md">{ticketId}</Code> (reference #{ticketReference(ticketId)}).
      </Text>
      <Title order={3} size="h4" mt="xl" mb="sm">
        What happens next
      </Title>
      <List spacing="xs">
        {SUBMIT_TICKET_PAGE.nextSteps.map((step) => (
          <List.Item key={step}>{step}</List.Item>
        ))}
      </List>
      <Button mt="xl" onClick={onSubmitAnother}>
        Submit Another Ticket
      </Button>
    </Card>
  );
}
