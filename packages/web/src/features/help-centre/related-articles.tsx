import { Stack, Text, Title } from "@mantine/core";
import type { RelatedArticle } from "@repo/validators";
import type { ReactNode } from "react";

/**
 * An article's "Related articles" (docs/features.md §17), on the portal's page and the website's; nothing
 * when there are none. `link` makes each title a link of its page's kind (a router link in the portal, a
 * plain one on the server-rendered website).
 */
export function RelatedArticles({
  related,
  link,
}: {
  related: RelatedArticle[];
  link: (article: RelatedArticle) => ReactNode;
}) {
  if (related.length === 0) return null;
  return (
    <section aria-labelledby="related-articles">
      <Title order={2} size="h4" id="related-articles" mb="xs">
        Related articles
      </Title>
      <Stack component="ul" gap={4} m={0} pl="1.2em">
        {related.map((other) => (
          <li key={other.slug}>
            {link(other)}{" "}
            <Text span size="sm" c="dimmed">
              {other.category}
            </Text>
          </li>
        ))}
      </Stack>
    </section>
  );
}
