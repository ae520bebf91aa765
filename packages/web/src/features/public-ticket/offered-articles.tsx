// The website's ticket form offers up to three public articles matching its title as it is typed
// (docs/features.md §17, deflection), each opening at the public help centre in a new tab so the form
// keeps what was typed. Loaded lazily once a title is typed: the word list and the search do not weigh on
// the page until then. Plain fetch as a visitor, like the form itself; a failed search offers nothing.
import { useEffect, useState } from "react";
import { OFFERED_ARTICLES } from "../../lib/deflection";
import { useOfferQuery } from "../../lib/offer-query";
import { getJson } from "../../lib/public-api";
import { ArticleOffer } from "../help-centre/article-offer";

interface Offered {
  id: string;
  slug: string;
  title: string;
}

export function OfferedArticles({ title, onOpen }: { title: string; onOpen(slug: string): void }) {
  const q = useOfferQuery(title);
  const [offered, setOffered] = useState<Offered[]>([]);
  // What was offered stays until the next answer replaces it, so the live region is not emptied and
  // announced again at every pause; a title with nothing to search by, or a failed search, offers nothing.
  useEffect(() => {
    if (!q) {
      setOffered([]);
      return;
    }
    let current = true;
    const params = new URLSearchParams({ q, match: "any", limit: String(OFFERED_ARTICLES) });
    getJson<Offered[]>(`/api/knowledge/articles?${params}`).then(
      (articles) => current && setOffered(articles),
      () => current && setOffered([]),
    );
    return () => {
      current = false;
    };
  }, [q]);
  return (
    // A polite live region, there before anything is offered, so a screen reader hears the offer arrive.
    <div aria-live="polite">
      {offered.length > 0 && <ArticleOffer articles={offered} hrefOf={(slug) => `/help/${slug}`} onOpen={onOpen} />}
    </div>
  );
}
