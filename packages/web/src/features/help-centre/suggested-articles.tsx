// Deflection in the client portal's new-ticket form (docs/features.md §17): while the title is typed, up
// to three articles the client may read that match it, each opening in a new tab so the form keeps what
// was typed. Opening one is recorded against the form's random id, and so is the ticket if it is sent
// after all: the reports count the forms an article answered.
import { Anchor, Paper, Stack, Text } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useRef, useState } from "react";
import { trpc } from "../../lib/trpc";

/** Words a title needs before articles are looked for: fewer match everything. */
const MIN_CHARS = 3;
const PAUSE_MS = 300;

/** The form's id and whether it opened an article; `sent()` after its ticket is created. */
export function useDeflection() {
  const [formId] = useState(() => crypto.randomUUID());
  const openedAny = useRef(false);
  const opened = trpc.knowledge.deflectionOpened.useMutation();
  const sent = trpc.knowledge.deflectionSent.useMutation();
  return {
    formId,
    opened(slug: string) {
      openedAny.current = true;
      opened.mutate({ formId, slug, source: "portal" });
    },
    /** Only a form that opened an article has anything to mark. */
    sent() {
      if (openedAny.current) sent.mutate({ formId });
    },
  };
}

export function SuggestedArticles({ title, onOpen }: { title: string; onOpen(slug: string): void }) {
  const [needle] = useDebouncedValue(title.trim(), PAUSE_MS);
  const hits = trpc.knowledge.search.useQuery(
    { q: needle, limit: 3, match: "any" },
    { enabled: needle.length >= MIN_CHARS, staleTime: 60_000 },
  );
  if (needle.length < MIN_CHARS || !hits.data?.length) return null;
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
        {hits.data.map((hit) => (
          <li key={hit.id}>
            <Anchor
              href={`/client/help/${hit.slug}`}
              target="_blank"
              rel="noopener"
              size="sm"
              onClick={() => onOpen(hit.slug)}
            >
              {hit.title} (opens in a new tab)
            </Anchor>
          </li>
        ))}
      </Stack>
    </Paper>
  );
}
