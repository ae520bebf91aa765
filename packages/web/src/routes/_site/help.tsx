import { createFileRoute } from "@tanstack/react-router";
import { SiteHelpPage } from "../../features/help-centre/site-help-page";
import { helpIndexData } from "../../features/help-centre/site-help-data";
import { pageHead } from "../../lib/seo";

export const Route = createFileRoute("/_site/help")({
  validateSearch: (search: Record<string, unknown>): { q?: string } =>
    typeof search.q === "string" && search.q.trim() ? { q: search.q.trim().slice(0, 200) } : {},
  loaderDeps: ({ search }) => ({ q: search.q ?? "" }),
  loader: ({ context, deps }) => helpIndexData(context.helpCentre, deps.q),
  head: pageHead({
    path: "/help",
    title: "Help centre",
    description: "Answers to the IT questions our clients ask most: passwords, email, VPN, printers and more.",
  }),
  component: function HelpRoute() {
    return <SiteHelpPage data={Route.useLoaderData()} />;
  },
});
