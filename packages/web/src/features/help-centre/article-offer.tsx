import { Anchor, Paper, Stack, Text } from "@mantine/core";

/**
 * The articles a new ticket's form offers (deflection, docs/features.md §17), each opening in a new tab so
 * the form keeps what was typed: the portal's form and the website's show the same list. No tRPC and no
 * router here: the website's form is an island.
 */
export function ArticleOffer({
  articles,
  hrefOf,
  onOpen,
}: {
  articles: { id: string; slug: string; title: string }[];
  hrefOf(slug: string): string;
  onOpen(slug: string): void;
}) {
  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      bg="var(--mantine-color-blue-0)"
      component="section"
      aria-label="Articles that may help"
    >
      <Text size="sm" fw={600}>
        These articles may answer it:
      </Text>
      <Stack gap={4} component="ul" mt={4} style={{ paddingLeft: "1.2em", margin: 0 }}>
        {articles.map((article) => (
          <li key={article.id}>
            <Anchor
              href={hrefOf(article.slug)}
              target="_blank"
              rel="noopener"
              size="sm"
              onClick={() => onOpen(article.slug)}
            >
              {article.title} (opens in a new tab)
            </Anchor>
          </li>
        ))}
      </Stack>
    </Paper>
  );
}
