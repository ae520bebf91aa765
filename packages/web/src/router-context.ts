import type { SiteContent } from "@repo/content";
import type { QueryClient } from "@tanstack/react-query";
import type { HelpCentreData } from "./features/help-centre/site-help-data";

/** What every route receives from the router (the root route declares it, router.tsx provides it). */
export interface RouterContext {
  queryClient: QueryClient;
  /**
   * The website help centre's articles, when the server renders one of its pages (entry-server.tsx): its
   * routes read them here rather than fetch them (features/help-centre/site-help-data.ts).
   */
  helpCentre?: HelpCentreData;
  /**
   * The provider's published content (features/site/site-content.tsx): given by the server when it renders a
   * page, read from the SPA's page in the browser; absent, the built-in texts.
   */
  siteContent?: SiteContent;
}
