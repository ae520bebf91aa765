import { HeadContent, Outlet, createRootRouteWithContext } from "@tanstack/react-router";
import { NotFoundPage } from "../features/site/not-found-page";
import { pageTitle, providerName } from "../lib/page-title";
import type { RouterContext } from "../router-context";

export const Route = createRootRouteWithContext<RouterContext>()({
  head: (args) => ({ meta: [{ title: pageTitle(undefined, providerName(args)) }] }),
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
