// The provider's published content (docs/features.md §20): its identity, packages and the copy of its
// service pages, which the staff portal edits. The server renders the marketing pages with it (router
// context `siteContent`, entry-server.tsx) and puts it into the SPA's page, so every page, portal header
// and title reads it here rather than from @repo/content's built-in texts, which are only the defaults.
// Islands never read it: what they show comes in their props, rendered by the server.
import {
  defaultSiteContent,
  inOwnWords,
  pricingPageFrom,
  type SiteContent,
  serviceFrom,
  siteFrom,
} from "@repo/content";
import type { QuoteService } from "@repo/validators/labels";
import { createContext, useContext, useMemo } from "react";

export const DEFAULT_SITE_CONTENT: SiteContent = defaultSiteContent();

export const SiteContentContext = createContext<SiteContent>(DEFAULT_SITE_CONTENT);

export const useSiteContent = () => useContext(SiteContentContext);

/** The identity in the shape of @repo/content's `site`. */
export function useSite() {
  const content = useSiteContent();
  return useMemo(() => siteFrom(content.identity), [content]);
}

export function useService(slug: QuoteService) {
  const content = useSiteContent();
  return useMemo(() => serviceFrom(content, slug), [content, slug]);
}

export function usePricingPage() {
  const content = useSiteContent();
  return useMemo(() => pricingPageFrom(content), [content]);
}

/** A built-in text (About, the pages' descriptions) in the provider's own name and numbers. */
export function useOwnWords(): (text: string) => string {
  const { identity } = useSiteContent();
  return (text) => inOwnWords(text, identity);
}

/** The element of the SPA's page that carries the published content (packages/api/src/server/site-pages.ts). */
export const SITE_CONTENT_ELEMENT = "site-content";

/** What the server put into the page, when the provider has published content of its own. */
export function injectedSiteContent(): SiteContent | undefined {
  const text = typeof document === "undefined" ? null : document.getElementById(SITE_CONTENT_ELEMENT)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as SiteContent;
  } catch {
    return undefined;
  }
}
