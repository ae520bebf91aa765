import { Anchor, Container, Text } from "@mantine/core";
import { SUBMIT_TICKET_PAGE } from "@repo/content";
import { PageHeading } from "../site/page-heading";
import PublicTicketPanel from "./public-ticket-panel.island";

/** /submit-ticket (docs/product-spec.md §2): the form until a ticket is created, then its confirmation. */
export function SubmitTicketPage() {
  return (
    <Container size="md" py={{ base: 48, md: 80 }}>
      <PageHeading title={SUBMIT_TICKET_PAGE.title} subtitle={SUBMIT_TICKET_PAGE.subtitle} compact mb="xl" />
      <PublicTicketPanel />
      {/* The help centre has no place in the header or footer (the spec fixes their links): it is found here. */}
      <Text size="sm" mt="xl">
        Looking for a quick answer? <Anchor href="/help">Browse the help centre</Anchor>
      </Text>
    </Container>
  );
}
