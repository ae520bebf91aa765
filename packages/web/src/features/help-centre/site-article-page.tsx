import { Anchor, Badge, Container, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { ARTICLE_IMAGE_PATH, articleDisplayMarkdown } from "@repo/validators";
import { formatDate } from "../../lib/format-date";
import { ChatMarkdown } from "../chat/chat-markdown";
import { scriptJson } from "../services/json-ld";
import { SupportTicketPrompt } from "../site/support-ticket-link";
import ArticleFeedback from "./article-feedback.island";
import { RelatedArticles } from "./related-articles";
import { articleJsonLd, breadcrumbJsonLd } from "./help-json-ld";
import { helpArticlePath, type HelpArticleData } from "./site-help-data";
import { useSite } from "../site/site-content";

/**
 * /help/$slug (docs/features.md §17): one public article, rendered by the server from the database, with
 * its Article and BreadcrumbList structured data. "Was this helpful?" is its one island.
 */
export function SiteArticlePage({ data: { article } }: { data: HelpArticleData }) {
  const articleLd = scriptJson(articleJsonLd(article, useSite()));
  return (
    <Container size="md" py={{ base: 48, md: 80 }}>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: scriptJson escapes "<" so the JSON cannot end the script */}
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: articleLd }} />
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: as above */}
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: scriptJson(breadcrumbJsonLd(article)) }} />
      <Stack gap="lg">
        <nav aria-label="Breadcrumb">
          <Anchor href="/help" size="sm">
            Help centre
          </Anchor>
        </nav>
        <div>
          <Badge variant="light" color="gray" mb={6}>
            {article.category}
          </Badge>
          <Title order={1}>{article.title}</Title>
          <Text size="sm" c="dimmed">
            Updated {formatDate(article.updatedAt)}
          </Text>
        </div>
        <Paper withBorder p="lg" radius="md" component="article" aria-label={article.title}>
          <ChatMarkdown text={articleDisplayMarkdown(article.body, { images: true })} images={ARTICLE_IMAGE_PATH} />
        </Paper>
        <Paper withBorder p="md" radius="md" component="section" aria-label="Was this helpful?">
          <ArticleFeedback slug={article.slug} />
        </Paper>
        <RelatedArticles
          related={article.related}
          link={(other) => <Anchor href={helpArticlePath(other.slug)}>{other.title}</Anchor>}
        />
        <Group gap="lg">
          <SupportTicketPrompt />
        </Group>
      </Stack>
    </Container>
  );
}
