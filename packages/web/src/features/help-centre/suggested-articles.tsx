// Deflection in the client portal's new-ticket form (docs/features.md §17): while the title is typed, up
// to three articles the client may read that match it, each opening in a new tab so the form keeps what
// was typed. Opening one is recorded against the form's random id, and so is the ticket if it is sent
// after all: the reports count the forms an article answered.
import { OFFERED_ARTICLES, useDeflection } from "../../lib/deflection";
import { useOfferQuery } from "../../lib/offer-query";
import { trpc } from "../../lib/trpc";
import { ArticleOffer } from "./article-offer";

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
      {needle && hits.data?.length ? (
        <ArticleOffer articles={hits.data} hrefOf={(slug) => `/client/help/${slug}`} onOpen={onOpen} />
      ) : null}
    </div>
  );
}
