import {
  Badge,
  Button,
  Container,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import type { ArticleStatus } from "@repo/validators";
import { useEffect, useState } from "react";
import { QueryStates } from "../../components/query-states";
import { AnchorLink, ButtonLink } from "../../components/router-links";
import { StaffPageHeader } from "../../components/staff-page";
import { readStoredUser } from "../../lib/auth-storage";
import { formatDate } from "../../lib/format-date";
import { toastOutcome } from "../../lib/staff-toasts";
import { trpc } from "../../lib/trpc";
import { SEARCH_PAUSE_MS } from "../../lib/ui-constants";
import { mayWriteArticles, STATUS_LABELS, VISIBILITY_LABELS } from "./knowledge-labels";

/**
 * /knowledge (docs/features.md §17): every article in every state, searched as typed and filtered by
 * state. ADMIN and AGENT write (New article), a VIEWER reads; an ADMIN sets when reviews are due.
 */
export function KnowledgeListPage() {
  const role = readStoredUser()?.role;
  const [q, setQ] = useState("");
  const [needle] = useDebouncedValue(q.trim(), SEARCH_PAUSE_MS);
  const [state, setState] = useState<"all" | ArticleStatus>("all");
  const articles = trpc.knowledge.search.useQuery({ q: needle, limit: 50 });
  const shown = (articles.data ?? []).filter((a) => state === "all" || a.status === state);
  return (
    <Container size="xl" py="xl">
      <StaffPageHeader
        title="Knowledge base"
        description="Articles for the website, for clients, for one company or for staff."
        action={
          mayWriteArticles(role) && (
            <ButtonLink to="/knowledge/$id" params={{ id: "new" }}>
              New article
            </ButtonLink>
          )
        }
      />
      <Group align="flex-end" mb="md" gap="md" wrap="wrap">
        <TextInput
          label="Search articles"
          value={q}
          onChange={(event) => setQ(event.currentTarget.value)}
          maxLength={200}
          w={320}
        />
        <SegmentedControl
          aria-label="State"
          value={state}
          onChange={(value) => setState(value as typeof state)}
          data={[
            { value: "all", label: "All" },
            { value: "published", label: "Published" },
            { value: "draft", label: "Drafts" },
          ]}
        />
      </Group>
      <QueryStates
        query={articles}
        texts={{
          loading: "Loading articles",
          error: "Failed to fetch articles",
          empty: needle ? `No article matches "${needle}".` : "No articles yet.",
        }}
        isEmpty={() => shown.length === 0}
      >
        {() => (
          <Table.ScrollContainer minWidth={640}>
            <Table striped aria-label="Articles">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Title</Table.Th>
                  <Table.Th>Category</Table.Th>
                  <Table.Th>Readers</Table.Th>
                  <Table.Th>State</Table.Th>
                  <Table.Th>Updated</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shown.map((article) => (
                  <Table.Tr key={article.id}>
                    <Table.Td>
                      <AnchorLink to="/knowledge/$id" params={{ id: article.id }}>
                        {article.title}
                      </AnchorLink>
                    </Table.Td>
                    <Table.Td>{article.category}</Table.Td>
                    <Table.Td>{VISIBILITY_LABELS[article.visibility]}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={article.status === "published" ? "green" : "gray"}>
                        {STATUS_LABELS[article.status]}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{formatDate(article.updatedAt)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </QueryStates>
      {role === "ADMIN" && <ReviewSetting />}
    </Container>
  );
}

/** After how many months an article's author is reminded to review it (0: never). */
function ReviewSetting() {
  const settings = trpc.settings.knowledge.useQuery();
  const utils = trpc.useUtils();
  const [months, setMonths] = useState<number | string>("");
  useEffect(() => {
    if (settings.data) setMonths(settings.data.reviewMonths);
  }, [settings.data]);
  const save = trpc.settings.updateKnowledge.useMutation(
    toastOutcome(
      () => ["Saved", "Review reminders updated"],
      "Failed to save the review setting",
      () => utils.settings.knowledge.invalidate(),
    ),
  );
  return (
    <Paper withBorder p="md" radius="md" mt="xl" component="section" aria-labelledby="review-setting-title">
      <Stack gap="xs">
        <Title order={2} size="h4" id="review-setting-title">
          Review reminders
        </Title>
        <Text size="sm" c="dimmed">
          A published article's author is mailed once when it has not been reviewed for this many months.
        </Text>
        <Group align="flex-end">
          <NumberInput
            label="Months (0: never)"
            min={0}
            max={60}
            allowDecimal={false}
            value={months}
            onChange={setMonths}
            w={180}
            disabled={!settings.data}
          />
          <Button
            onClick={() => save.mutate({ reviewMonths: Number(months) })}
            loading={save.isPending}
            disabled={!settings.data || months === ""}
          >
            Save
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
