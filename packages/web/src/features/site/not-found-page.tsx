import { Button, Container, Group, Text, Title } from "@mantine/core";
import { SiteLayout } from "./site-layout";
import { SupportTicketPrompt } from "./support-ticket-link";

/**
 * Any path the router does not know (docs/product-spec.md §2): the spec's heading and sentence, inside the
 * site's header and footer, with the two ways on a lost visitor most likely wants.
 */
export function NotFoundPage() {
  return (
    <SiteLayout>
      <Container size="sm" py={64}>
        <Title order={1} size="h2">
          404 Page Not Found
        </Title>
        <Text mt="md" c="dimmed">
          Did you forget to add the page to the router?
        </Text>
        <Group mt="xl" gap="sm">
          <Button component="a" href="/">
            Home
          </Button>
          <Button component="a" href="/client-auth" variant="default">
            Client Portal
          </Button>
        </Group>
        <SupportTicketPrompt c="dimmed" mt="lg" />
      </Container>
    </SiteLayout>
  );
}
