import { describe, expect, it } from "vitest";
import { PACKAGES } from "./index.js";
import { MARKETING_PATHS } from "./marketing-paths.js";
import { FEATURE_PAGES, PAGE_SEO, PRICING_PAGE, knowledgeEntries } from "./knowledge.js";

describe("site content beyond the service pages", () => {
  it("gives every marketing route its own title and description", () => {
    expect(Object.keys(PAGE_SEO).sort()).toEqual([...MARKETING_PATHS].sort());
    const titles = Object.values(PAGE_SEO).map((s) => s.title);
    expect(new Set(titles).size).toBe(titles.length);
  });

  it("lists the four fixed-scope packages on /pricing with durations and limits from section 9, and no price", () => {
    expect(PRICING_PAGE.fixedScope.map((p) => [p.slug, p.duration])).toEqual(
      Object.entries(PACKAGES).map(([slug, p]) => [slug, p.duration]),
    );
    expect(PRICING_PAGE.onQuote.map((o) => o.id)).toEqual(["managed-it", "help-desk"]);
    expect(JSON.stringify(PRICING_PAGE)).not.toMatch(/\$\s?\d/);
  });

  it("points the feature pages' consultation links at their refs", () => {
    expect(FEATURE_PAGES["app-cloud"].contactRef).toBe("app-cloud");
    expect(FEATURE_PAGES.security.contactRef).toBe("security");
  });

  it("flattens everything into passages with unique ids and a source path", () => {
    const entries = knowledgeEntries();
    expect(new Set(entries.map((e) => e.id)).size).toBe(entries.length);
    for (const e of entries) {
      expect(e.text.length).toBeGreaterThan(20);
      expect(e.source).toMatch(/^\//);
    }
    expect(entries.filter((e) => /:faq:\d$/.test(e.id) && e.id.startsWith("service:"))).toHaveLength(30);
  });
});
