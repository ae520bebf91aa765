import type { QueryClient } from "@tanstack/react-query";
import { createRouter, type RouterHistory } from "@tanstack/react-router";
import type { SiteContent } from "@repo/content";
import { AppProviders } from "./app/app-providers";
import { BootLoader } from "./components/boot-loader";
import type { HelpCentreData } from "./features/help-centre/site-help-data";
import { DEFAULT_SITE_CONTENT, SiteContentContext } from "./features/site/site-content";
import { routeTree } from "./routeTree.gen";

interface CreateAppRouterOptions {
  queryClient: QueryClient;
  /** Browser history by default; the prerender entry and tests pass a memory history. */
  history?: RouterHistory;
  /** Given by the server when it renders a help centre page (entry-server.tsx). */
  helpCentre?: HelpCentreData;
  /** The published content: given by the server's render, or read from the SPA's page (main.tsx). */
  siteContent?: SiteContent;
}

/** One factory for the browser, the prerender (SSR) entry and tests, so all three run the same app. */
export function createAppRouter({ queryClient, history, helpCentre, siteContent }: CreateAppRouterOptions) {
  return createRouter({
    routeTree,
    history,
    context: { queryClient, helpCentre, siteContent },
    defaultPreload: "intent",
    scrollRestoration: true,
    defaultPendingComponent: BootLoader,
    // Providers live inside the router so `renderToString(<RouterProvider router={router} />)` has them too.
    // biome-ignore lint/correctness/noComponentHookFactories: made once per router, never per render
    Wrap: ({ children }) => (
      <SiteContentContext value={siteContent ?? DEFAULT_SITE_CONTENT}>
        <AppProviders queryClient={queryClient}>{children}</AppProviders>
      </SiteContentContext>
    ),
  });
}

export type WebRouter = ReturnType<typeof createAppRouter>;

declare module "@tanstack/react-router" {
  interface Register {
    router: WebRouter;
  }
}
