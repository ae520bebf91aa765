import { Outlet, createFileRoute } from "@tanstack/react-router";
import { SiteLayout } from "../features/site/site-layout";

// Pathless layout: every marketing page inside routes/_site/ gets the shared header and footer.
export const Route = createFileRoute("/_site")({
  component: () => (
    <SiteLayout>
      <Outlet />
    </SiteLayout>
  ),
});
