// The public help centre's structured data: schema.org Article for an article and a BreadcrumbList to it,
// built from the same article the page shows.
import type { Site } from "@repo/content";
import type { ArticlePage as Article } from "@repo/validators";
import { canonicalUrl } from "../../lib/seo";
import { helpArticlePath } from "./site-help-data";

export function articleJsonLd(article: Article, site: Site) {
  const publisher = { "@type": "Organization", name: site.name, url: canonicalUrl("/") };
  return {
    "@context": "https://schema.org",
    "@type": "Article",
    headline: article.title,
    articleSection: article.category,
    ...(article.tags.length ? { keywords: article.tags.join(", ") } : {}),
    ...(article.publishedAt ? { datePublished: article.publishedAt } : {}),
    dateModified: article.updatedAt,
    mainEntityOfPage: canonicalUrl(helpArticlePath(article.slug)),
    author: publisher,
    publisher,
  };
}

export function breadcrumbJsonLd(article: Article) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: [
      { "@type": "ListItem", position: 1, name: "Help centre", item: canonicalUrl("/help") },
      { "@type": "ListItem", position: 2, name: article.title, item: canonicalUrl(helpArticlePath(article.slug)) },
    ],
  };
}
