import type { SiteContent } from "@repo/content";
import { render } from "@testing-library/react";
import { RouterProvider, createMemoryHistory } from "@tanstack/react-router";
import { createQueryClient } from "../lib/query-client";
import { createAppRouter } from "../router";
import { trackRouter } from "./rendered-routers";

/**
 * Renders the whole app (providers, routes, guards) at `path`, as a visitor opening that URL would see it;
 * `siteContent`: the provider's published content, as the server passes it.
 */
export function renderApp(path: string, { siteContent }: { siteContent?: SiteContent } = {}) {
  const router = createAppRouter({
    queryClient: createQueryClient(),
    history: createMemoryHistory({ initialEntries: [path] }),
    siteContent,
  });
  trackRouter(router);
  const view = render(<RouterProvider router={router} />);
  return { router, ...view };
}
