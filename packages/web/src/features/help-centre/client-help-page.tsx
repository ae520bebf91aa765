import {
  Alert,
  Anchor,
  Badge,
  Center,
  Container,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useState } from "react";
import { AnchorLink, ButtonLink } from "../../components/router-links";
import { trpc } from "../../lib/trpc";
import { SEARCH_PAUSE_MS } from "../../lib/ui-constants";

/**
 * /client/help (docs/features.md §17): the articles the client's company may read, searched as typed.
 * The server decides what that is (readableBy); nothing here filters.
 */
export function ClientHelpPage() {
  const [q, setQ] = useState("");
  const [needle] = useDebouncedValue(q.trim(), SEARCH_PAUSE_MS);
  const articles = trpc.knowledge.search.useQuery({ q: needle, limit: 50 });
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end">
          <div>
            <Title order={1}>Help articles</Title>
            <Text c="dimmed" size="sm">
              Answers to common questions, and how things are set up at your company.
            </Text>
          </div>
          <ButtonLink to="/client-dashboard" variant="default" size="xs">
            Back to dashboard
          </ButtonLink>
        </Group>
        <TextInput
          label="Search articles"
          placeholder="VPN, printer, password..."
          value={q}
          onChange={(event) => setQ(event.currentTarget.value)}
          maxLength={200}
        />
        {articles.isPending ? (
          <Center py="lg">
            <Loader role="status" aria-label="Loading articles" />
          </Center>
        ) : articles.isError ? (
          <Alert color="red" title="Could not load the articles">
            Please try again in a moment.
          </Alert>
        ) : articles.data.length === 0 ? (
          <Paper withBorder p="lg" radius="md">
            <Text>{needle ? `No article matches "${needle}".` : "No articles yet."}</Text>
            <Text size="sm" c="dimmed" mt={4}>
              Can't find what you need?{" "}
              <AnchorLink to="/client-dashboard" search={{ tab: undefined }}>
                Open a ticket
              </AnchorLink>{" "}
              and we will help.
            </Text>
          </Paper>
        ) : (
          <Stack gap="sm" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
            {articles.data.map((article) => (
              <Paper key={article.id} withBorder p="md" radius="md" component="li">
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <AnchorLink to="/client/help/$slug" params={{ slug: article.slug }} fw={600}>
                    {article.title}
                  </AnchorLink>
                  <Badge variant="light" color="gray">
                    {article.category}
                  </Badge>
                </Group>
              </Paper>
            ))}
          </Stack>
        )}
        <Anchor href="/status" size="sm">
          Service status
        </Anchor>
      </Stack>
    </Container>
  );
}
