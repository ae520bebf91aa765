// "Insert article" under the reply box (docs/features.md §17): the articles the ticket's company may read,
// searched as typed, each inserted as a link to the client portal's help page or as its text. The search
// asks for that company's readers (forCompany), so a reply never carries an internal article or another
// company's.
import { Button, Group, Loader, Popover, Stack, Text, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useState } from "react";
import { showCallFailure } from "../../lib/staff-toasts";
import { trpc } from "../../lib/trpc";
import { SEARCH_PAUSE_MS } from "../../lib/ui-constants";

/** Where a client reads an article: the link a reply carries. */
export const clientArticleUrl = (slug: string) => `${window.location.origin}/client/help/${slug}`;

interface InsertArticleMenuProps {
  /** The ticket's company: only what its clients may read is offered. */
  clientId: string;
  onInsert(text: string): void;
}

export function InsertArticleMenu({ clientId, onInsert }: InsertArticleMenuProps) {
  const [opened, setOpened] = useState(false);
  const [q, setQ] = useState("");
  const [needle] = useDebouncedValue(q.trim(), SEARCH_PAUSE_MS);
  const hits = trpc.knowledge.search.useQuery({ q: needle, limit: 8, forCompany: clientId }, { enabled: opened });
  const utils = trpc.useUtils();
  const [fetching, setFetching] = useState<string | null>(null);

  const insert = (text: string) => {
    onInsert(text);
    setOpened(false);
  };
  const insertText = async (slug: string) => {
    setFetching(slug);
    try {
      insert((await utils.knowledge.read.fetch({ slug })).body);
    } catch (error) {
      showCallFailure(error, "Could not load the article");
    } finally {
      setFetching(null);
    }
  };

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-start" width={360} shadow="md" trapFocus>
      <Popover.Target>
        <Button variant="default" size="xs" onClick={() => setOpened((o) => !o)}>
          Insert article
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <TextInput
            label="Search articles"
            description="Only what this company's clients may read."
            value={q}
            onChange={(event) => setQ(event.currentTarget.value)}
            data-autofocus
          />
          {hits.isPending ? (
            <Loader size="sm" role="status" aria-label="Loading articles" />
          ) : hits.isError ? (
            <Text size="sm" c="red">
              Could not load articles
            </Text>
          ) : hits.data.length === 0 ? (
            <Text size="sm" c="dimmed">
              {needle ? "No article matches." : "No article for this company's clients yet."}
            </Text>
          ) : (
            <Stack gap={6} component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
              {hits.data.map((hit) => (
                <li key={hit.id}>
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <Text size="sm" lineClamp={2}>
                      {hit.title}
                    </Text>
                    <Group gap={4} wrap="nowrap">
                      <Button
                        size="compact-xs"
                        variant="light"
                        aria-label={`Insert a link to ${hit.title}`}
                        onClick={() => insert(`${hit.title}: ${clientArticleUrl(hit.slug)}`)}
                      >
                        Link
                      </Button>
                      <Button
                        size="compact-xs"
                        variant="light"
                        aria-label={`Insert the text of ${hit.title}`}
                        loading={fetching === hit.slug}
                        onClick={() => void insertText(hit.slug)}
                      >
                        Text
                      </Button>
                    </Group>
                  </Group>
                </li>
              ))}
            </Stack>
          )}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
