// The site's content document (docs/features.md §20): its schema, built from the defaults a fresh install
// starts with, and how a stored document is read over them.
import { defaultSiteContent, type SiteContent } from "@repo/content";
import { saveSiteDraftSchemaFor, siteContentSchemaFor } from "@repo/validators";

export const DEFAULT_CONTENT: SiteContent = defaultSiteContent();
export const siteContentSchema = siteContentSchemaFor(DEFAULT_CONTENT);
export const saveSiteDraftSchema = saveSiteDraftSchemaFor(DEFAULT_CONTENT);

/**
 * A stored document as the pages read it. Each part that no longer parses (a row written before a field
 * was added, say) falls back to its default, so one stale part never takes the site's content down.
 */
export function contentOf(stored: unknown): SiteContent {
  const whole = siteContentSchema.safeParse(stored);
  if (whole.success) return whole.data as SiteContent;
  const parts = (stored ?? {}) as Partial<Record<keyof SiteContent, unknown>>;
  const part = <K extends keyof SiteContent>(key: K): SiteContent[K] => {
    const parsed = siteContentSchema.shape[key].safeParse(parts[key]);
    return parsed.success ? (parsed.data as SiteContent[K]) : DEFAULT_CONTENT[key];
  };
  return {
    identity: part("identity"),
    packages: part("packages"),
    services: part("services"),
    pricing: part("pricing"),
    addedPages: part("addedPages"),
  };
}
