// Where a sign-in returns to (docs/architecture.md §13): a person sent from a portal page to sign in comes back to
// it, not to the dashboard. The page travels in the sign-in page's `?redirect=`; only a path of this site
// is ever followed, never another origin (an open redirect would make our sign-in a phishing tool).
import type { ParsedLocation } from "@tanstack/react-router";

export const RETURN_PARAM = "redirect";

/** The path to return to, or undefined: "/client/inventory?x=1" yes; "//evil", "/\\evil", "https://..." no. */
export function safeReturnPath(value: unknown): string | undefined {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || /\\|\p{Cc}/u.test(value))
    return undefined;
  return value;
}

/**
 * The sign-in page's search for a guard's redirect: the page the person asked for, unless it is the
 * portal's landing page anyway (a plain /admin or /client-auth address stays plain).
 */
export function returnSearch(location: ParsedLocation, landing: string): Record<string, string> {
  return location.pathname === landing ? {} : { [RETURN_PARAM]: location.href };
}

/** Where to go once signed in: the page asked for, else the portal's landing page. */
export function returnTarget(search: unknown, landing: string): string {
  return safeReturnPath((search as Record<string, unknown> | undefined)?.[RETURN_PARAM]) ?? landing;
}
