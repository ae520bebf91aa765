import { Anchor, Container, Group, Stack, Text, Title } from "@mantine/core";
import { PageHeading } from "../site/page-heading";
import StatusBoard from "./status-board.island";
import { FEED_URL, HISTORY_URL, SUMMARY_URL } from "./status-json";
import StatusSubscribe from "./status-subscribe.island";

/**
 * /status (docs/features.md §18): prerendered like the marketing pages; the live state comes from two
 * islands that read the public JSON (decision 0054). It names no company: the JSON holds none.
 */
export function StatusPage() {
  return (
    <Container size="md" py={{ base: 48, md: 80 }}>
      <Stack gap="xl">
        <div>
          <PageHeading
            title="Service status"
            subtitle="The services we manage for our clients, and what we are doing about any problem with them."
          />
        </div>
        <StatusBoard />
        <section aria-labelledby="status-subscribe">
          <Title order={2} size="h3" id="status-subscribe" mb="xs">
            Get status updates by mail
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            We send a link to confirm first; every update mail has a link to stop them.
          </Text>
          <StatusSubscribe />
        </section>
        <Group gap="lg">
          <Anchor href={FEED_URL}>Atom feed</Anchor>
          <Anchor href={SUMMARY_URL}>Summary (JSON)</Anchor>
          <Anchor href={HISTORY_URL}>Incident history (JSON)</Anchor>
        </Group>
      </Stack>
    </Container>
  );
}
