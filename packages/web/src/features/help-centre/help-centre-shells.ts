// The help centre's pages as the build renders them once, with sample articles, to make the shells the
// server fills at request time (scripts/prerender.mjs, packages/api/src/server/help-centre-pages.ts): each
// shell is the page's HTML with its critical CSS and island chunks worked out, less the page's own head
// tags and markup. So the samples use every kind of block an article can show (ChatMarkdown), and the
// critical CSS holds the rules a real article needs.
import type { ArticleHit, ArticlePage } from "@repo/validators";
import type { HelpCentreData } from "./site-help-data";

const at = "2026-01-15T15:00:00.000Z";

const hit = (n: number, category: string): ArticleHit => ({
  id: `sample-${n}`,
  title: `Sample article ${n}`,
  slug: `sample-article-${n}`,
  category,
  status: "published",
  visibility: "public",
  updatedAt: at,
});

const article: ArticlePage = {
  id: "sample-article",
  title: "Set up the Authenticator app on a new phone",
  slug: "sample-article",
  category: "Accounts",
  tags: ["mfa", "phone"],
  body: [
    "Before you start, keep your **old phone** at hand: you confirm the move with it. See [our guide](/help).",
    "1. Install the app from the store.\n2. Sign in with your work account.\n3. Scan the code on screen.",
    "- Works on iPhone and Android\n- Takes about five minutes",
    "> If you no longer have the old phone, submit a ticket and we reset it for you.",
  ].join("\n\n"),
  visibility: "public",
  status: "published",
  publishedAt: at,
  lastReviewedAt: at,
  updatedAt: at,
  related: [{ slug: "sample-related", title: "Sample related article", category: "Accounts" }],
};

/** The path each shell is rendered at, and the sample data it is rendered with. */
export const HELP_CENTRE_SHELLS: Record<"index" | "article", { url: string; data: HelpCentreData }> = {
  index: {
    url: "/help?q=sample",
    data: { kind: "index", q: "sample", articles: [hit(1, "Accounts"), hit(2, "Accounts"), hit(3, "Email")] },
  },
  article: { url: `/help/${article.slug}`, data: { kind: "article", article } },
};
