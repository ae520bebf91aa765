// The Website screen's form (docs/features.md §20): the whole site content document, checked with the
// server's own schema (built from the defaults, as the API builds it), so a field's message is the one the
// server would answer with.
import { defaultSiteContent, type SiteContent } from "@repo/content";
import type { UseFormReturnType } from "@mantine/form";
import { siteContentSchemaFor } from "@repo/validators";
import type { Role } from "@repo/validators";

export const siteContentSchema = siteContentSchemaFor(defaultSiteContent());

export type SiteContentForm = UseFormReturnType<SiteContent>;

/** ADMIN and AGENT save drafts and restore revisions; only an ADMIN publishes; a VIEWER reads. */
export const mayEditSite = (role: Role | undefined): boolean => role === "ADMIN" || role === "AGENT";
export const mayPublishSite = (role: Role | undefined): boolean => role === "ADMIN";

/** A price in cents as the dollars a person types ("" for none: quoted when you book). */
export const dollarsOf = (cents: number | null): number | "" => (cents === null ? "" : cents / 100);

/** What was typed in dollars as the cents stored; empty is no price. */
export const centsOf = (dollars: number | string): number | null => {
  if (dollars === "" || dollars === null) return null;
  const value = typeof dollars === "number" ? dollars : Number(dollars);
  return Number.isFinite(value) ? Math.round(value * 100) : null;
};
