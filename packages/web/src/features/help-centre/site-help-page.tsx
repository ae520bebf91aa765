import { Anchor, Badge, Button, Container, Group, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { PageHeading } from "../site/page-heading";
import { SupportTicketPrompt } from "../site/support-ticket-link";
import { byCategory, helpArticlePath, type HelpIndexData } from "./site-help-data";

/**
 * /help (docs/features.md §17): the public articles by category, rendered by the server from the database.
 * Its search is a plain form the server answers (/help?q=...), so the page needs no JavaScript of its own.
 */
export function SiteHelpPage({ data }: { data: HelpIndexData }) {
  const { q, articles } = data;
  return (
    <Container size="md" py={{ base: 48, md: 80 }}>
      <Stack gap="xl">
        <div>
          <PageHeading
            title="Help centre"
            subtitle="Answers to the questions our clients ask most, written by our technicians."
          />
        </div>
        <search>
          <form method="get" action="/help" aria-label="Search the help centre">
            <Group align="flex-end" gap="sm">
              <TextInput
                label="Search articles"
                name="q"
                type="search"
                defaultValue={q}
                maxLength={200}
                placeholder="VPN, printer, password..."
                style={{ flex: "1 1 240px" }}
              />
              <Button type="submit">Search</Button>
            </Group>
          </form>
        </search>
        {q && (
          <Text role="status">
            {articles.length === 0
              ? `No article matches "${q}".`
              : `${articles.length} ${articles.length === 1 ? "article matches" : "articles match"} "${q}".`}{" "}
            <Anchor href="/help">Show all articles</Anchor>
          </Text>
        )}
        {!q && articles.length === 0 && <Text>No articles yet.</Text>}
        {byCategory(articles).map(([category, inCategory]) => (
          <section key={category} aria-label={category}>
            <Title order={2} size="h3" mb="sm">
              {category}
            </Title>
            <Stack gap="sm" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
              {inCategory.map((article) => (
                <Paper key={article.id} withBorder p="md" radius="md" component="li">
                  <Group justify="space-between" wrap="nowrap" align="flex-start">
                    <Anchor href={helpArticlePath(article.slug)} fw={600}>
                      {article.title}
                    </Anchor>
                    {q && (
                      <Badge variant="light" color="gray">
                        {article.category}
                      </Badge>
                    )}
                  </Group>
                </Paper>
              ))}
            </Stack>
          </section>
        ))}
        <SupportTicketPrompt />
      </Stack>
    </Container>
  );
}
