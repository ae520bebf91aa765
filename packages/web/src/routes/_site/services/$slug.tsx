import { addedPageFrom } from "@repo/content";
import { createFileRoute, notFound } from "@tanstack/react-router";
import { ServicePage } from "../../../features/services/service-page";
import { DEFAULT_SITE_CONTENT } from "../../../features/site/site-content";
import { pageHead } from "../../../lib/seo";

/**
 * A service page the provider added (docs/features.md §20, issue 42), from the published content in the
 * router's context; the four static /services/* routes rank before this one. An unknown slug is the site's
 * 404 page.
 */
export const Route = createFileRoute("/_site/services/$slug")({
  loader: ({ context, params }) => {
    const page = addedPageFrom(context.siteContent ?? DEFAULT_SITE_CONTENT, params.slug);
    if (!page) throw notFound();
    return page;
  },
  head: (args) =>
    args.loaderData
      ? pageHead({ path: args.loaderData.path, title: args.loaderData.name, description: args.loaderData.summary })(
          args,
        )
      : {},
  component: function AddedServiceRoute() {
    return <ServicePage service={Route.useLoaderData()} />;
  },
});
