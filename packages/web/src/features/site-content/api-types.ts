import type { AppRouter } from "@repo/api";
import type { inferRouterOutputs } from "@trpc/server";

type SiteContentOutputs = inferRouterOutputs<AppRouter>["siteContent"];
export type SiteContentState = SiteContentOutputs["state"];
export type SiteDraft = NonNullable<SiteContentState["draft"]>;
export type SiteRevision = SiteContentOutputs["revisions"][number];
