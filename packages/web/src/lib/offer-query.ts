// What a new ticket's title is searched with for the articles to offer (lib/deflection.ts): the title as
// typed once typing pauses, or "" when it has nothing to search by (too short, or only words too common
// to mean anything, which the server would answer with nothing anyway). A module apart from
// deflection.ts: the word list comes with it, and the website's form loads it only once a title is typed.
import { meaningfulWords } from "@repo/validators/words";
import { useEffect, useState } from "react";
import { OFFER_MIN_CHARS, OFFER_PAUSE_MS } from "./deflection";

/** The query for `title`, or "" for none. */
export function offerQuery(title: string): string {
  const q = title.trim();
  return q.length >= OFFER_MIN_CHARS && meaningfulWords(q).length > 0 ? q : "";
}

/** offerQuery of the title as it stands once typing has paused for OFFER_PAUSE_MS. */
export function useOfferQuery(title: string): string {
  const q = offerQuery(title);
  const [settled, setSettled] = useState("");
  useEffect(() => {
    const timer = setTimeout(() => setSettled(q), OFFER_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [q]);
  // Emptied at once: nothing is offered for a title that no longer has anything to search by.
  return q && settled;
}
