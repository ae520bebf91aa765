import { createFileRoute } from "@tanstack/react-router";
import { SiteArticlePage } from "../../features/help-centre/site-article-page";
import { articleDescription, helpArticleData, helpArticlePath } from "../../features/help-centre/site-help-data";
import { pageHead } from "../../lib/seo";

export const Route = createFileRoute("/_site/help_/$slug")({
  loader: ({ context, params }) => helpArticleData(context.helpCentre, params.slug),
  head: (args) =>
    args.loaderData
      ? pageHead({
          path: helpArticlePath(args.loaderData.article.slug),
          title: args.loaderData.article.title,
          description: articleDescription(args.loaderData.article.body),
          type: "article",
        })(args)
      : {},
  component: function HelpArticleRoute() {
    return <SiteArticlePage data={Route.useLoaderData()} />;
  },
});
