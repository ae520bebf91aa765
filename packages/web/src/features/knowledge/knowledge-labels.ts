import type { ArticleStatus, ArticleVisibility } from "@repo/validators";

export const VISIBILITY_LABELS: Record<ArticleVisibility, string> = {
  public: "Public (website)",
  clients: "All clients",
  companies: "Chosen companies",
  internal: "Internal (staff only)",
};

export const STATUS_LABELS: Record<ArticleStatus, string> = { draft: "Draft", published: "Published" };

/** ADMIN and AGENT write articles; a VIEWER reads them. */
export const mayWriteArticles = (role: string | undefined) => role === "ADMIN" || role === "AGENT";
