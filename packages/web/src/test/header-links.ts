// The shared header's links as docs/product-spec.md §2 lists them, [text, href] in the order shown: the
// expectation of both the component test (src/features/site/site-header.test.tsx) and the browser test
// (e2e/site-pages.e2e.ts). Written out rather than read from site-links.ts, so that they check it.

type LinkRow = [text: string, href: string];

/** The links before the Services dropdown. */
const BEFORE_SERVICES: LinkRow[] = [
  ["Home", "/"],
  ["About", "/about"],
  ["Get a Quote", "/contact"],
];

/** The Services dropdown (and the same links in the mobile menu). */
export const SERVICE_MENU_LINKS: LinkRow[] = [
  ["Email Deliverability", "/services/email-deliverability"],
  ["Identity & Device Fast Start", "/services/intune-fast-start"],
  ["Cloud Migration Lite", "/services/cloud-migration-lite"],
  ["Security Hardening Sprint", "/services/security-hardening-sprint"],
  ["Device Management", "/device-management"],
  ["Email & Collaboration", "/email-collaboration"],
];

const AFTER_SERVICES: LinkRow[] = [
  ["Contact", "/contact"],
  ["Client Portal", "/client-auth"],
];

/** The desktop bar's links; the services sit in the dropdown. */
export const MAIN_NAV_LINKS = [...BEFORE_SERVICES, ...AFTER_SERVICES];

/** The mobile menu: every link, the services in place of the dropdown. */
export const MOBILE_MENU_LINKS = [...BEFORE_SERVICES, ...SERVICE_MENU_LINKS, ...AFTER_SERVICES];
