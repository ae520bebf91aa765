// The "Get a quote" tracking of docs/product-spec.md §7: a `track` event on window (for any analytics tag the
// provider adds later) and a first-party count of the click (docs/architecture.md: no cookies, no third party).
import type { QuoteService } from "@repo/validators/labels";

export const TRACK_EVENT = "track";
export const QUOTE_CLICK = "cta_service_quote";
/** The first-party endpoint that counts CTA clicks per service; staff read the counts. */
export const TRACK_ENDPOINT = "/api/track";

export interface QuoteClickDetail {
  event: typeof QUOTE_CLICK;
  service: QuoteService;
}

/**
 * Records a click on a service's Get a quote button. sendBeacon survives the navigation that follows the
 * click. The JSON body goes as text/plain: Chromium refuses a beacon Blob of any type that is not
 * CORS-safelisted, and the endpoint accepts text/plain for exactly this reason. Nothing identifies the visitor.
 */
export function trackQuoteClick(service: QuoteService): void {
  const detail: QuoteClickDetail = { event: QUOTE_CLICK, service };
  window.dispatchEvent(new CustomEvent(TRACK_EVENT, { detail }));
  try {
    const body = new Blob([JSON.stringify(detail)], { type: "text/plain" });
    navigator.sendBeacon?.(TRACK_ENDPOINT, body);
  } catch {
    // Counting is best effort: it must never stand between a visitor and the contact form.
  }
}
