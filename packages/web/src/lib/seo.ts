// The head of each marketing route: title, description, canonical URL and Open Graph tags, from the one
// PAGE_SEO table in @repo/content. The router renders it on navigation; the prerender writes the same
// tags into each page's HTML.
import { inOwnWords, PAGE_SEO, site } from "@repo/content";
import { type HeadArgs, pageTitle } from "./page-title";

export type MarketingPath = keyof typeof PAGE_SEO & string;

/** The public origin canonical URLs use; a deployment may set VITE_PUBLIC_URL at build time. */
export const SITE_ORIGIN = ((import.meta.env.VITE_PUBLIC_URL as string | undefined) || site.url).replace(/\/+$/, "");

export function canonicalUrl(path: string): string {
  return path === "/" ? `${SITE_ORIGIN}/` : `${SITE_ORIGIN}${path}`;
}

interface PageHead {
  path: string;
  /** The page's own title; the site's name is added (pageTitle). */
  title: string;
  description: string;
  type?: "website" | "article";
}

/** Title, description, canonical URL and Open Graph tags of a public page. */
export function pageHead({ path, title: own, description: builtIn, type = "website" }: PageHead) {
  const url = canonicalUrl(path);
  return ({ match }: HeadArgs) => {
    const identity = match.context.siteContent?.identity;
    const name = identity?.name ?? site.name;
    const title = pageTitle(own, name);
    const description = identity ? inOwnWords(builtIn, identity) : builtIn;
    return {
      meta: [
        { title },
        { name: "description", content: description },
        { property: "og:type", content: type },
        { property: "og:site_name", content: name },
        { property: "og:title", content: title },
        { property: "og:description", content: description },
        { property: "og:url", content: url },
        { property: "og:locale", content: "en_CA" },
        { name: "twitter:card", content: "summary" },
      ],
      links: [{ rel: "canonical", href: url }],
    };
  };
}

/** The `head` option of a marketing route, from PAGE_SEO. */
export function seoHead(path: string) {
  const seo = PAGE_SEO[path];
  if (!seo) throw new Error(`No SEO entry for ${path} in PAGE_SEO`);
  return pageHead({ path, title: seo.title, description: seo.description });
}
