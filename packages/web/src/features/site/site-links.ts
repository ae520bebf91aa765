// The links of the shared header and footer (spec section 2), in the order they are shown.
// `linkOptions` checks each target and its query string against the route tree at compile time.
import type { QuoteService } from "@repo/validators/site";
import { linkOptions } from "@tanstack/react-router";

export const HEADER_LINKS_BEFORE_SERVICES = [
  { label: "Home", link: linkOptions({ to: "/" }) },
  { label: "About", link: linkOptions({ to: "/about" }) },
  { label: "Get a Quote", link: linkOptions({ to: "/contact" }) },
];

export const HEADER_SERVICE_LINKS = [
  { label: "Email Deliverability", link: linkOptions({ to: "/services/email-deliverability" }) },
  { label: "Identity & Device Fast Start", link: linkOptions({ to: "/services/intune-fast-start" }) },
  { label: "Cloud Migration Lite", link: linkOptions({ to: "/services/cloud-migration-lite" }) },
  { label: "Security Hardening Sprint", link: linkOptions({ to: "/services/security-hardening-sprint" }) },
  { label: "Device Management", link: linkOptions({ to: "/device-management" }) },
  { label: "Email & Collaboration", link: linkOptions({ to: "/email-collaboration" }) },
];

export const HEADER_LINKS_AFTER_SERVICES = [{ label: "Contact", link: linkOptions({ to: "/contact" }) }];

export const CLIENT_PORTAL_LINK = { label: "Client Portal", link: linkOptions({ to: "/client-auth" }) };

export const FOOTER_SERVICE_LINKS = [
  { label: "Device Management", link: linkOptions({ to: "/device-management" }) },
  { label: "Email & Collaboration", link: linkOptions({ to: "/email-collaboration" }) },
  { label: "App & Cloud Setup", link: linkOptions({ to: "/app-cloud" }) },
  { label: "Security", link: linkOptions({ to: "/security" }) },
];

export const FOOTER_COMPANY_LINKS = [
  { label: "About", link: linkOptions({ to: "/about" }) },
  { label: "Pricing", link: linkOptions({ to: "/pricing" }) },
  { label: "Contact", link: linkOptions({ to: "/contact", search: { ref: "footer" } }) },
];

export type SiteLink =
  | (typeof HEADER_LINKS_BEFORE_SERVICES)[number]
  | (typeof HEADER_SERVICE_LINKS)[number]
  | (typeof FOOTER_COMPANY_LINKS)[number]
  | (typeof FOOTER_SERVICE_LINKS)[number]
  | typeof CLIENT_PORTAL_LINK;

/** Each service page's route, typed for links (the content's `path` is a plain string). */
export const SERVICE_ROUTES = {
  "email-deliverability": "/services/email-deliverability",
  "intune-fast-start": "/services/intune-fast-start",
  "cloud-migration-lite": "/services/cloud-migration-lite",
  "security-hardening-sprint": "/services/security-hardening-sprint",
  "device-management": "/device-management",
  "email-collaboration": "/email-collaboration",
} as const satisfies Record<QuoteService, string>;
