import {
  Alert,
  Badge,
  Button,
  Container,
  FileButton,
  Group,
  MultiSelect,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  TagsInput,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import {
  ARTICLE_IMAGE_LIMITS,
  ARTICLE_IMAGE_PATH,
  ARTICLE_VISIBILITIES,
  type ArticleFields,
  type ArticleVisibility,
  articleDisplayMarkdown,
  slugFrom,
  type StaffArticle,
} from "@repo/validators";
import { getRouteApi, useNavigate } from "@tanstack/react-router";
import { useRef, useState } from "react";
import { QueryStates } from "../../components/query-states";
import { ButtonLink } from "../../components/router-links";
import { ScrollBox } from "../../components/scroll-box";
import { readStoredUser } from "../../lib/auth-storage";
import { formatDate, formatDateTime } from "../../lib/format-date";
import { serverMessage } from "../../lib/server-message";
import { showFailure, showSuccess, toastOutcome } from "../../lib/staff-toasts";
import { trpc } from "../../lib/trpc";
import { ChatMarkdown } from "../chat/chat-markdown";
import { imageMarkdown, imageRefusal, imagesOf, uploadArticleImage, uploadFailure } from "./article-images";
import { mayWriteArticles, STATUS_LABELS, VISIBILITY_LABELS } from "./knowledge-labels";

const route = getRouteApi("/_staff-portal/knowledge_/$id");

/** /knowledge/$id: a new article at "new", else the article with that id. */
export function ArticleEditorRoute() {
  const { id } = route.useParams();
  if (id === "new") return <ArticleEditor article={null} />;
  return <ExistingArticle id={id} />;
}

function ExistingArticle({ id }: { id: string }) {
  const article = trpc.knowledge.get.useQuery({ id });
  return (
    <QueryStates
      query={article}
      texts={{ loading: "Loading article", error: "Article not found", empty: "" }}
      isEmpty={() => false}
    >
      {(data) => <ArticleEditor key={data.id} article={data} />}
    </QueryStates>
  );
}

const EMPTY: ArticleFields = {
  title: "",
  slug: "",
  category: "",
  tags: [],
  body: "",
  visibility: "internal",
  companyIds: [],
};

/**
 * The article editor (docs/features.md §17): its fields, the Markdown text beside its preview (rendered as
 * the client portal renders it), Save, Publish or Unpublish, Mark reviewed, and the revisions with
 * Restore. A refused save keeps everything typed and shows the server's reason. A VIEWER reads only.
 */
function ArticleEditor({ article }: { article: StaffArticle | null }) {
  const writer = mayWriteArticles(readStoredUser()?.role);
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const [fields, setFields] = useState<ArticleFields>(
    article
      ? {
          title: article.title,
          slug: article.slug,
          category: article.category,
          tags: article.tags,
          body: article.body,
          visibility: article.visibility,
          companyIds: article.companyIds,
        }
      : EMPTY,
  );
  // A new article's slug follows its title until someone types a slug of their own.
  const [slugTouched, setSlugTouched] = useState(Boolean(article));
  const [refusal, setRefusal] = useState<string | null>(null);
  const set = <K extends keyof ArticleFields>(key: K, value: ArticleFields[K]) =>
    setFields((current) => ({ ...current, [key]: value }));
  const clients = trpc.clients.list.useQuery(undefined, { enabled: fields.visibility === "companies" });
  const box = useRef<HTMLTextAreaElement>(null);

  const refresh = async (saved: StaffArticle) => {
    utils.knowledge.get.setData({ id: saved.id }, saved);
    await utils.knowledge.revisions.invalidate({ id: saved.id });
    await utils.knowledge.search.invalidate();
  };
  const onRefused = (error: unknown) => setRefusal(serverMessage(error, "The article could not be saved"));
  const create = trpc.knowledge.create.useMutation({
    onSuccess: async (saved) => {
      setRefusal(null);
      showSuccess("Article saved", "Saved as a draft.");
      await refresh(saved);
      void navigate({ to: "/knowledge/$id", params: { id: saved.id }, replace: true });
    },
    onError: onRefused,
  });
  const update = trpc.knowledge.update.useMutation({
    onSuccess: async (saved) => {
      setRefusal(null);
      showSuccess("Article saved", "Saved as a new revision.");
      await refresh(saved);
    },
    onError: onRefused,
  });
  const publish = trpc.knowledge.publish.useMutation(
    toastOutcome(() => ["Published", "Readers see it now."], "Failed to publish", refresh),
  );
  const unpublish = trpc.knowledge.unpublish.useMutation(
    toastOutcome(() => ["Back to draft", "Only staff see it now."], "Failed to unpublish", refresh),
  );
  const reviewed = trpc.knowledge.markReviewed.useMutation(
    toastOutcome(() => ["Marked reviewed", "The next reminder counts from today."], "Failed to mark reviewed", refresh),
  );
  const save = () => (article ? update.mutate({ id: article.id, ...fields }) : create.mutate(fields));

  /** Wraps the selection in `before`/`after` (or inserts them at the caret), the toolbar's one action. */
  const wrap = (before: string, after = before) => {
    const el = box.current;
    const start = el?.selectionStart ?? fields.body.length;
    const end = el?.selectionEnd ?? fields.body.length;
    set(
      "body",
      `${fields.body.slice(0, start)}${before}${fields.body.slice(start, end)}${after}${fields.body.slice(end)}`,
    );
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + before.length, end + before.length);
    });
  };
  /** Puts `text` at the caret as the text now stands (an upload ends while the person goes on typing). */
  const insertAtCaret = (text: string) => {
    const el = box.current;
    setFields((current) => {
      const start = Math.min(el?.selectionStart ?? current.body.length, current.body.length);
      const end = Math.min(el?.selectionEnd ?? start, current.body.length);
      return { ...current, body: `${current.body.slice(0, start)}${text}${current.body.slice(end)}` };
    });
  };
  const [uploading, setUploading] = useState(0);
  /** Uploads each image to the saved article and links it at the caret; a refusal is a toast. */
  const addImages = async (files: File[]) => {
    if (!article) return;
    for (const file of files) {
      const refused = imageRefusal(file);
      if (refused) {
        showFailure(refused, "Image not added");
        continue;
      }
      setUploading((n) => n + 1);
      try {
        insertAtCaret(imageMarkdown(await uploadArticleImage(article.id, file)));
      } catch (error) {
        showFailure(uploadFailure(error), "Image not added");
      } finally {
        setUploading((n) => n - 1);
      }
    }
  };
  const TOOLS: [label: string, run: () => void][] = [
    ["Bold", () => wrap("**")],
    ["Italic", () => wrap("*")],
    ["Heading", () => wrap("\n## ", "\n")],
    ["List", () => wrap("\n- ", "")],
    ["Link", () => wrap("[", "](https://)")],
  ];

  return (
    <Container size="xl" py="xl">
      <ButtonLink to="/knowledge" variant="subtle" px={0} mb="sm" leftSection={<span aria-hidden>←</span>}>
        Knowledge base
      </ButtonLink>
      <Group gap="sm" mb="lg" align="center">
        <Title order={1}>{article ? article.title : "New article"}</Title>
        {article && (
          <Badge variant="light" color={article.status === "published" ? "green" : "gray"}>
            {STATUS_LABELS[article.status]}
          </Badge>
        )}
      </Group>
      {refusal && (
        <Alert color="red" mb="md" title="Not saved">
          {refusal}
        </Alert>
      )}
      <fieldset disabled={!writer} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label="Title"
              required
              value={fields.title}
              onChange={(event) => {
                const title = event.currentTarget.value;
                setFields((current) => ({ ...current, title, ...(slugTouched ? {} : { slug: slugFrom(title) }) }));
              }}
            />
            <TextInput
              label="Slug"
              description="The article's address: lower-case words joined by hyphens."
              required
              value={fields.slug}
              onChange={(event) => {
                setSlugTouched(true);
                set("slug", event.currentTarget.value);
              }}
            />
            <TextInput
              label="Category"
              required
              value={fields.category}
              onChange={(event) => set("category", event.currentTarget.value)}
            />
            <TagsInput
              label="Tags"
              description="One word each."
              value={fields.tags}
              onChange={(tags) => set("tags", tags)}
            />
            <Select
              label="Who may read it"
              allowDeselect={false}
              value={fields.visibility}
              onChange={(value) => value && set("visibility", value as ArticleVisibility)}
              data={ARTICLE_VISIBILITIES.map((v) => ({ value: v, label: VISIBILITY_LABELS[v] }))}
            />
            {fields.visibility === "companies" && (
              <MultiSelect
                label="Companies"
                searchable
                value={fields.companyIds}
                onChange={(ids) => set("companyIds", ids)}
                data={(clients.data?.clients ?? []).map((c) => ({ value: c.id, label: c.name }))}
              />
            )}
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <Stack gap={4}>
              <Group gap={4} role="toolbar" aria-label="Formatting">
                {TOOLS.map(([label, run]) => (
                  <Button key={label} variant="default" size="compact-xs" onClick={run}>
                    {label}
                  </Button>
                ))}
                <FileButton
                  accept={ARTICLE_IMAGE_LIMITS.types.join(",")}
                  multiple
                  onChange={(files) => void addImages(files)}
                  disabled={!article}
                >
                  {(props) => (
                    <Button
                      {...props}
                      variant="default"
                      size="compact-xs"
                      loading={uploading > 0}
                      disabled={!article}
                      title={article ? "Add an image (or paste or drop one into the text)" : "Save the article first"}
                    >
                      Image
                    </Button>
                  )}
                </FileButton>
              </Group>
              <Textarea
                ref={box}
                label="Text (Markdown)"
                required
                autosize
                minRows={12}
                value={fields.body}
                onChange={(event) => set("body", event.currentTarget.value)}
                onPaste={(event) => {
                  const images = imagesOf(event.clipboardData?.files);
                  if (!article || images.length === 0) return;
                  event.preventDefault();
                  void addImages(images);
                }}
                onDrop={(event) => {
                  const images = imagesOf(event.dataTransfer?.files);
                  if (!article || images.length === 0) return;
                  event.preventDefault();
                  event.currentTarget.focus();
                  void addImages(images);
                }}
                description={article ? undefined : "Save the article first to add images."}
              />
            </Stack>
            <Paper withBorder p="md" radius="md" component="section" aria-label="Preview">
              <Text size="xs" c="dimmed" mb="xs">
                Preview, as clients see it
              </Text>
              {fields.body.trim() ? (
                <ChatMarkdown
                  text={articleDisplayMarkdown(fields.body, { images: true })}
                  images={ARTICLE_IMAGE_PATH}
                />
              ) : (
                <Text size="sm" c="dimmed">
                  Nothing written yet.
                </Text>
              )}
            </Paper>
          </SimpleGrid>
          {writer && (
            <Group gap="sm">
              <Button onClick={save} loading={create.isPending || update.isPending}>
                Save
              </Button>
              {article &&
                (article.status === "published" ? (
                  <Button
                    variant="default"
                    onClick={() => unpublish.mutate({ id: article.id })}
                    loading={unpublish.isPending}
                  >
                    Unpublish
                  </Button>
                ) : (
                  <Button
                    variant="light"
                    onClick={() => publish.mutate({ id: article.id })}
                    loading={publish.isPending}
                  >
                    Publish
                  </Button>
                ))}
              {article && (
                <Button
                  variant="default"
                  onClick={() => reviewed.mutate({ id: article.id })}
                  loading={reviewed.isPending}
                >
                  Mark reviewed
                </Button>
              )}
            </Group>
          )}
        </Stack>
      </fieldset>
      {article && (
        <Text size="sm" c="dimmed" mt="sm">
          Last reviewed {formatDate(article.lastReviewedAt)}. Helpful: {article.helpfulCount} yes,{" "}
          {article.notHelpfulCount} no.
        </Text>
      )}
      {article && <Revisions id={article.id} writer={writer} onRestored={refresh} />}
    </Container>
  );
}

function Revisions({
  id,
  writer,
  onRestored,
}: {
  id: string;
  writer: boolean;
  onRestored(saved: StaffArticle): Promise<void>;
}) {
  const revisions = trpc.knowledge.revisions.useQuery({ id });
  const restore = trpc.knowledge.restore.useMutation(
    toastOutcome(() => ["Restored", "Saved as a new revision."], "Failed to restore", onRestored),
  );
  return (
    <Paper withBorder p="md" radius="md" mt="xl" component="section" aria-labelledby="revisions-title">
      <Title order={2} size="h4" id="revisions-title" mb="sm">
        Revisions
      </Title>
      <QueryStates
        query={revisions}
        texts={{ loading: "Loading revisions", error: "Failed to fetch revisions", empty: "No revisions yet." }}
        isEmpty={(list) => list.length === 0}
      >
        {(list) => (
          <ScrollBox label="Revisions, scrollable" minWidth={480}>
            <Table aria-label="Revisions">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Revision</Table.Th>
                  <Table.Th>Title</Table.Th>
                  <Table.Th>Saved by</Table.Th>
                  <Table.Th>When</Table.Th>
                  {writer && <Table.Th>Action</Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((revision, i) => (
                  <Table.Tr key={revision.id}>
                    <Table.Td>{revision.number}</Table.Td>
                    <Table.Td>{revision.title}</Table.Td>
                    <Table.Td>{revision.authorName ?? "Unknown"}</Table.Td>
                    <Table.Td>{formatDateTime(revision.createdAt)}</Table.Td>
                    {writer && (
                      <Table.Td>
                        {i > 0 && (
                          <Button
                            size="compact-xs"
                            variant="default"
                            aria-label={`Restore revision ${revision.number}`}
                            loading={restore.isPending && restore.variables?.number === revision.number}
                            onClick={() => restore.mutate({ id, number: revision.number })}
                          >
                            Restore
                          </Button>
                        )}
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollBox>
        )}
      </QueryStates>
    </Paper>
  );
}
