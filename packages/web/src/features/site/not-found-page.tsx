import { Card, Center, Text, Title } from "@mantine/core";
import { SupportTicketPrompt } from "./support-ticket-link";

/** Any path the router does not know (docs/product-spec.md §2). */
export function NotFoundPage() {
  return (
    <Center mih="100vh" bg="gray.0" p="md">
      <Card withBorder shadow="sm" padding="xl" maw={440} w="100%">
        <Title order={1} size="h2">
          404 Page Not Found
        </Title>
        <Text mt="md" c="dimmed">
          Did you forget to add the page to the router?
        </Text>
        <SupportTicketPrompt c="dimmed" mt="md" />
      </Card>
    </Center>
  );
}
