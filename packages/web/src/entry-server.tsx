// The prerender entry (scripts/prerender.mjs): renders one marketing route to HTML at build time with the
// same router factory the browser uses, so the hydrated page is exactly the one that was prerendered.
import { RouterProvider, createMemoryHistory } from "@tanstack/react-router";
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { IslandCollectorContext, islandModule, type CollectedIsland } from "./islands/island";
import { renderIslands } from "./islands/render-islands";
import type { SiteContent } from "@repo/content";
import type { HelpCentreData } from "./features/help-centre/site-help-data";
import { createQueryClient } from "./lib/query-client";
import { createAppRouter } from "./router";

export { SITE_STYLED_COMPONENTS } from "./app/site-styles";
export { MARKETING_PATHS } from "./features/site/marketing-paths";
export { canonicalUrl, SITE_ORIGIN } from "./lib/seo";
export { HELP_CENTRE_SHELLS } from "./features/help-centre/help-centre-shells";
export { SITE_CONTENT_ELEMENT } from "./features/site/site-content";

export interface RenderedPage {
  /** The markup for #root. */
  html: string;
  /** Tags for <head>: the route's title, meta and links, and Mantine's colour-scheme script. */
  head: string;
  /** 200, or 404 when no route matched. */
  status: number;
  /** The modules of the islands on the page, relative to src/ (their chunks are preloaded). */
  islandModules: string[];
}

// React 19 hoists the <title>, <meta> and <link> tags that <HeadContent/> renders to the front of the
// output; the prerender moves them into <head>, where crawlers and link previews read them.
const HOISTED = /^(?:<(?:title)[^>]*>[^<]*<\/title>|<(?:meta|link)\b[^>]*\/?>)/;

function splitHoisted(markup: string): { head: string; body: string } {
  let rest = markup;
  const head: string[] = [];
  for (let match = HOISTED.exec(rest); match; match = HOISTED.exec(rest)) {
    head.push(match[0]);
    rest = rest.slice(match[0].length);
  }
  return { head: head.join("\n    "), body: rest };
}

/**
 * Every path pattern the app routes ("/client/tickets/$id", ...). The server can answer 404 for a path
 * that matches none of them (docs/product-spec.md §2: "any other path" is the not-found page).
 */
export function appRoutePaths(): string[] {
  const router = createAppRouter({ queryClient: createQueryClient(), history: createMemoryHistory() });
  return Object.keys(router.routesByPath).sort();
}

export interface RenderOptions {
  /** A help centre page's articles, read by the server (features/help-centre/site-help-data.ts). */
  helpCentre?: HelpCentreData;
  /** The provider's published content; absent: the built-in texts (the build's prerender). */
  siteContent?: SiteContent;
}

export async function render(url: string, { helpCentre, siteContent }: RenderOptions = {}): Promise<RenderedPage> {
  const router = createAppRouter({
    queryClient: createQueryClient(),
    history: createMemoryHistory({ initialEntries: [url] }),
    helpCentre,
    siteContent,
  });
  await router.load();
  const islands: CollectedIsland[] = [];
  const markup = renderToString(
    <StrictMode>
      <IslandCollectorContext value={islands}>
        <RouterProvider router={router} />
      </IslandCollectorContext>
    </StrictMode>,
  );
  const { head, body } = splitHoisted(markup);
  // An unknown path matches the root route alone (and renders the 404 page).
  const leaf = router.state.matches.at(-1);
  const notFound =
    !leaf || leaf.routeId === "__root__" || router.state.matches.some((match) => match.status === "notFound");
  return {
    html: renderIslands(body, islands, siteContent?.identity.brandColour),
    head,
    status: notFound ? 404 : 200,
    islandModules: [...new Set(islands.map((island) => islandModule(island.name)))],
  };
}
