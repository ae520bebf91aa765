import { Alert, Badge, Button, Center, Container, Group, Loader, Paper, Stack, Text, Title } from "@mantine/core";
import { ARTICLE_IMAGE_PATH, articleDisplayMarkdown } from "@repo/validators";
import { getRouteApi } from "@tanstack/react-router";
import { AnchorLink, ButtonLink } from "../../components/router-links";
import { httpStatus } from "../../lib/server-message";
import { formatDate } from "../../lib/format-date";
import { trpc } from "../../lib/trpc";
import { ChatMarkdown } from "../chat/chat-markdown";
import { RelatedArticles } from "./related-articles";

const route = getRouteApi("/_client-portal/client/help_/$slug");

export function ClientArticleRoute() {
  const { slug } = route.useParams();
  return <ClientArticlePage slug={slug} />;
}

/**
 * /client/help/$slug (docs/features.md §17): one article the client may read, with "Was this helpful?"
 * and up to three related articles (the server's choice, among those the client may read).
 * Another company's article, an internal one or a draft is "not found", as the server answers.
 */
export function ClientArticlePage({ slug }: { slug: string }) {
  const article = trpc.knowledge.read.useQuery({ slug }, { retry: false });
  const feedback = trpc.knowledge.feedback.useMutation();
  const back = (
    <ButtonLink to="/client/help" variant="default" size="xs">
      All help articles
    </ButtonLink>
  );
  if (article.isPending)
    return (
      <Center py="xl">
        <Loader role="status" aria-label="Loading the article" />
      </Center>
    );
  if (article.isError)
    return (
      <Container size="md" py="xl">
        <Stack gap="md" align="flex-start">
          <Title order={1}>
            {httpStatus(article.error) === 404 ? "Article not found" : "Could not load the article"}
          </Title>
          <Text>
            {httpStatus(article.error) === 404
              ? "It may have been moved or taken down."
              : "Please try again in a moment."}
          </Text>
          {back}
        </Stack>
      </Container>
    );
  const { title, category, body, updatedAt, related } = article.data;
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start">
          <div>
            <Badge variant="light" color="gray" mb={6}>
              {category}
            </Badge>
            <Title order={1}>{title}</Title>
            <Text size="sm" c="dimmed">
              Updated {formatDate(updatedAt)}
            </Text>
          </div>
          {back}
        </Group>
        <Paper withBorder p="lg" radius="md" component="article" aria-label={title}>
          <ChatMarkdown text={articleDisplayMarkdown(body, { images: true })} images={ARTICLE_IMAGE_PATH} />
        </Paper>
        <Paper withBorder p="md" radius="md" component="section" aria-label="Was this helpful?">
          {feedback.isSuccess ? (
            <Text role="status">Thanks for your answer.</Text>
          ) : (
            <Group gap="sm">
              <Text fw={600}>Was this helpful?</Text>
              {[true, false].map((helpful) => (
                <Button
                  key={String(helpful)}
                  variant="default"
                  size="xs"
                  loading={feedback.isPending && feedback.variables?.helpful === helpful}
                  onClick={() => feedback.mutate({ slug, helpful })}
                >
                  {helpful ? "Yes" : "No"}
                </Button>
              ))}
              {feedback.isError && (
                <Alert color="red" p="xs">
                  Your answer could not be saved. Please try again.
                </Alert>
              )}
            </Group>
          )}
        </Paper>
        <RelatedArticles
          related={related}
          link={(other) => (
            <AnchorLink to="/client/help/$slug" params={{ slug: other.slug }}>
              {other.title}
            </AnchorLink>
          )}
        />
      </Stack>
    </Container>
  );
}
