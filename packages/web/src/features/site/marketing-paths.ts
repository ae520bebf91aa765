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
