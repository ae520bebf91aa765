// Deflection (docs/features.md §17): a new ticket's form offers up to three articles matching its title
// as it is typed, and records against the form's random id an offered article opened and the ticket sent
// after all. The client portal's form (tRPC) and the website's (plain fetch, in an island) share these
// rules; how each calls the server is its own. No Mantine and no tRPC here, so the island can import it.
import { useRef, useState } from "react";

/** Articles offered at most. */
export const OFFERED_ARTICLES = 3;
/** Characters a title needs before articles are looked for: fewer match everything. */
export const OFFER_MIN_CHARS = 3;
/** The pause in typing after which the title is searched. */
export const OFFER_PAUSE_MS = 300;

/** The form's calls to `POST /api/knowledge/deflections` and `.../deflections/{formId}/sent`. */
export interface DeflectionCalls {
  opened(input: { formId: string; slug: string; source: "portal" | "website" }): void;
  sent(formId: string): void;
}

/** The form's id and whether it opened an article; `sent()` after its ticket is created. */
export function useDeflection(source: "portal" | "website", calls: DeflectionCalls) {
  const [formId] = useState(() => crypto.randomUUID());
  const openedAny = useRef(false);
  return {
    formId,
    opened(slug: string) {
      openedAny.current = true;
      calls.opened({ formId, slug, source });
    },
    /** Only a form that opened an article has anything to mark. */
    sent() {
      if (openedAny.current) calls.sent(formId);
    },
  };
}
