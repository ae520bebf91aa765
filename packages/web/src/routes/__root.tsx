import { HeadContent, Outlet, createRootRouteWithContext } from "@tanstack/react-router";
import { DEFAULT_BRAND_COLOUR } from "@repo/content";
import { BRAND_PALETTE_META } from "../app/brand-meta";
import { brandPalette } from "../app/brand-theme";
import { NotFoundPage } from "../features/site/not-found-page";
import { pageTitle, providerName } from "../lib/page-title";
import type { RouterContext } from "../router-context";

export const Route = createRootRouteWithContext<RouterContext>()({
  head: (args) => {
    const brand = args.match.context.siteContent?.identity.brandColour;
    return {
      meta: [
        { title: pageTitle(undefined, providerName(args)) },
        // Only for a colour of the provider's own: the built-in pages stay as the build made them.
        ...(brand && brand !== DEFAULT_BRAND_COLOUR
          ? [
              { name: "theme-color", content: brand },
              { name: BRAND_PALETTE_META, content: brandPalette(brand).join(",") },
            ]
          : []),
      ],
    };
  },
  component: RootLayout,
  notFoundComponent: NotFoundPage,
});

function RootLayout() {
  return (
    <>
      {/* React 19 hoists the <title> and <meta> tags rendered here into <head>. */}
      <HeadContent />
      <Outlet />
    </>
  );
}
