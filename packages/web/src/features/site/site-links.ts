// The links of the shared header and footer (docs/product-spec.md §2), in the order they are shown. Plain objects,
// not the router's `linkOptions`: the header's island has no router and must not download it. The footer's
// router links still check each target and query string against the route tree where they spread them.
import type { QuoteService } from "@repo/validators/labels";

// The pages both the header and the footer link to, written once.
const ABOUT_LINK = { label: "About", link: { to: "/about" } } as const;
const DEVICE_MANAGEMENT_LINK = { label: "Device Management", link: { to: "/device-management" } } as const;
const EMAIL_COLLABORATION_LINK = { label: "Email & Collaboration", link: { to: "/email-collaboration" } } as const;

export const HEADER_LINKS_BEFORE_SERVICES = [
  { label: "Home", link: { to: "/" } },
  ABOUT_LINK,
  { label: "Get a Quote", link: { to: "/contact" } },
] as const;

export const HEADER_SERVICE_LINKS = [
  { label: "Email Deliverability", link: { to: "/services/email-deliverability" } },
  { label: "Identity & Device Fast Start", link: { to: "/services/intune-fast-start" } },
  { label: "Cloud Migration Lite", link: { to: "/services/cloud-migration-lite" } },
  { label: "Security Hardening Sprint", link: { to: "/services/security-hardening-sprint" } },
  DEVICE_MANAGEMENT_LINK,
  EMAIL_COLLABORATION_LINK,
] as const;

export const HEADER_LINKS_AFTER_SERVICES = [{ label: "Contact", link: { to: "/contact" } }] as const;

export const CLIENT_PORTAL_LINK = { label: "Client Portal", link: { to: "/client-auth" } } as const;

/**
 * The public ticket form, one click from every page: a visitor with an outage must not have to hunt for it.
 * It sits beside the header's navigation and in the footer, outside the link lists docs/product-spec.md §2
 * fixes, and under the sign-in cards.
 */
export const SUPPORT_TICKET_LINK = { label: "Submit a Ticket", link: { to: "/submit-ticket" } } as const;

export const FOOTER_SERVICE_LINKS = [
  DEVICE_MANAGEMENT_LINK,
  EMAIL_COLLABORATION_LINK,
  { label: "App & Cloud Setup", link: { to: "/app-cloud" } },
  { label: "Security", link: { to: "/security" } },
] as const;

export const FOOTER_COMPANY_LINKS = [
  ABOUT_LINK,
  { label: "Pricing", link: { to: "/pricing" } },
  { label: "Contact", link: { to: "/contact", search: { ref: "footer" } } },
] as const;

export type SiteLink =
  | (typeof HEADER_LINKS_BEFORE_SERVICES)[number]
  | (typeof HEADER_SERVICE_LINKS)[number]
  | (typeof HEADER_LINKS_AFTER_SERVICES)[number]
  | (typeof FOOTER_COMPANY_LINKS)[number]
  | (typeof FOOTER_SERVICE_LINKS)[number]
  | typeof CLIENT_PORTAL_LINK
  | typeof SUPPORT_TICKET_LINK;

/**
 * The href of a site link, for the header's island (a plain link: the marketing pages are separate
 * prerendered documents, and an island has no router).
 */
export function linkHref({ link }: SiteLink): string {
  const search = "search" in link ? `?${new URLSearchParams(link.search)}` : "";
  return `${link.to}${search}`;
}

/** Each service page's route, typed for links (the content's `path` is a plain string). */
export const SERVICE_ROUTES = {
  "email-deliverability": "/services/email-deliverability",
  "intune-fast-start": "/services/intune-fast-start",
  "cloud-migration-lite": "/services/cloud-migration-lite",
  "security-hardening-sprint": "/services/security-hardening-sprint",
  "device-management": "/device-management",
  "email-collaboration": "/email-collaboration",
} as const satisfies Record<QuoteService, string>;
