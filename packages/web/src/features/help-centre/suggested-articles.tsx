// Deflection in the client portal's new-ticket form (docs/features.md §17): while the title is typed, up
// to three articles the client may read that match it, each opening in a new tab so the form keeps what
// was typed. Opening one is recorded against the form's random id, and so is the ticket if it is sent
// after all: the reports count the forms an article answered.
import { Anchor, Paper, Stack, Text } from "@mantine/core";
import { OFFERED_ARTICLES, useDeflection } from "../../lib/deflection";
import { useOfferQuery } from "../../lib/offer-query";
import { trpc } from "../../lib/trpc";

/** useDeflection (lib/deflection.ts) with the portal's calls. */
export function usePortalDeflection() {
  const opened = trpc.knowledge.deflectionOpened.useMutation();
  const sent = trpc.knowledge.deflectionSent.useMutation();
  return useDeflection("portal", {
    opened: (input) => opened.mutate(input),
    sent: (formId) => sent.mutate({ formId }),
  });
}

export function SuggestedArticles({ title, onOpen }: { title: string; onOpen(slug: string): void }) {
  const needle = useOfferQuery(title);
  const hits = trpc.knowledge.search.useQuery(
    { q: needle, limit: OFFERED_ARTICLES, match: "any" },
    { enabled: needle !== "", staleTime: 60_000 },
  );
  return (
    // A polite live region, there before anything is offered, so a screen reader hears the offer arrive.
    <div aria-live="polite">
      {needle && hits.data?.length ? <OfferedList hits={hits.data} onOpen={onOpen} /> : null}
    </div>
  );
}

function OfferedList({
  hits,
  onOpen,
}: {
  hits: { id: string; slug: string; title: string }[];
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
        {hits.map((hit) => (
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
