// Every public marketing route: the prerender renders each to HTML, the sitemap lists them, and each has its
// title and description in PAGE_SEO. The service pages come from SERVICES, so a new service page is listed
// where it is written.
import { SERVICES } from "./knowledge.js";

export const MARKETING_PATHS: readonly string[] = [
  "/",
  "/about",
  "/contact",
  "/pricing",
  "/submit-ticket",
  "/app-cloud",
  "/security",
  // The public status page (docs/features.md §18): a static shell whose islands fetch the live state.
  "/status",
  ...Object.values(SERVICES).map((s) => s.path),
];
