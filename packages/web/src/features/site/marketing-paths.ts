// Every public marketing route: the prerender renders each to HTML and the sitemap lists them.
export const MARKETING_PATHS = [
  "/",
  "/about",
  "/contact",
  "/pricing",
  "/submit-ticket",
  "/app-cloud",
  "/security",
  "/device-management",
  "/email-collaboration",
  "/services/email-deliverability",
  "/services/intune-fast-start",
  "/services/cloud-migration-lite",
  "/services/security-hardening-sprint",
] as const;

/**
 * Marketing routes whose component is lazy (its form and schemas stay out of the other pages' bundle),
 * with the module that holds it: the prerendered HTML preloads that chunk, so hydration does not wait
 * for a second round trip.
 */
export const LAZY_PAGE_MODULES: Partial<Record<(typeof MARKETING_PATHS)[number], string>> = {
  "/contact": "src/features/contact/contact-page.tsx",
  "/submit-ticket": "src/features/public-ticket/submit-ticket-page.tsx",
};
