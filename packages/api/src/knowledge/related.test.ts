// Related articles on an article's page (docs/features.md §17): up to three others the same reader may
// read, the most tags and category shared first, then title words, never the article itself, and never
// what the reader could not read on its own (readableBy is in the query, not a filter after it).
import { describe, expect, it } from "vitest";
import { ACME, AGENT, BIRCH, demoCompanies } from "../test/fixtures.js";
import { serverForFile } from "../test/file-server.js";

const { server, tokens } = serverForFile([AGENT, ACME, BIRCH]);

const call = (method: string, path: string, json?: unknown, email?: string) =>
  server.request(path, { method, json, token: email ? tokens[email] : undefined });

const editor = "/api/knowledge/editor/articles";

async function write(fields: Record<string, unknown>, publish = true): Promise<void> {
  const res = await call("POST", editor, { body: "Steps.", visibility: "public", ...fields }, AGENT);
  expect(res.status).toBe(200);
  if (!publish) return;
  const { id } = (await res.json()) as { id: string };
  expect((await call("POST", `${editor}/${id}/publish`, undefined, AGENT)).status).toBe(200);
}

/** The slugs of the articles offered beside `slug`, in order, as `email` (a visitor without one) reads it. */
async function related(slug: string, email?: string): Promise<string[]> {
  const res = await call("GET", `/api/knowledge/articles/${slug}`, undefined, email);
  expect(res.status).toBe(200);
  const page = (await res.json()) as { related: { slug: string; title: string; category: string }[] };
  return page.related.map((a) => a.slug);
}

describe("related articles", () => {
  it("offers only what the same reader may read, never the article itself", async () => {
    const { acme, birch } = await demoCompanies(server);
    const wombat = { category: "Wombat care", tags: ["wombat"] };
    await write({ ...wombat, title: "Feeding a wombat", slug: "wombat-public" });
    await write({ ...wombat, title: "Wombat burrows", slug: "wombat-clients", visibility: "clients" });
    await write({
      ...wombat,
      title: "Wombat lease ardent",
      slug: "wombat-acme",
      visibility: "companies",
      companyIds: [acme],
    });
    await write({
      ...wombat,
      title: "Wombat lease bramble",
      slug: "wombat-birch",
      visibility: "companies",
      companyIds: [birch],
    });
    await write({ ...wombat, title: "Wombat runbook", slug: "wombat-internal", visibility: "internal" });
    await write({ ...wombat, title: "Wombat draft", slug: "wombat-draft" }, false);

    expect(await related("wombat-public")).toEqual([]);
    expect((await related("wombat-public", ACME)).sort()).toEqual(["wombat-acme", "wombat-clients"]);
    expect((await related("wombat-public", BIRCH)).sort()).toEqual(["wombat-birch", "wombat-clients"]);
    expect((await related("wombat-acme", ACME)).sort()).toEqual(["wombat-clients", "wombat-public"]);
    // A staff member reads every article, and the page's own one is still not offered beside itself.
    const staff = await related("wombat-internal", AGENT);
    expect(staff).toHaveLength(3);
    expect(staff).not.toContain("wombat-internal");
  });

  it("ranks by shared tags and category, then shared title words, then the latest changed", async () => {
    await write({
      category: "Otters",
      tags: ["otter", "river", "fish"],
      title: "Otter river guide",
      slug: "otter-main",
    });
    // Two tags and the category shared.
    await write({ category: "Otters", tags: ["otter", "river"], title: "Holts", slug: "otter-two-tags" });
    // One tag and the category, and the title's words: the tags and category come first.
    await write({
      category: "Otters",
      tags: ["fish"],
      title: "Otter river guide, part two",
      slug: "otter-one-tag-title",
    });
    // One tag and the category, no title word: newer than the one above, but its title ranks it below.
    await write({ category: "Otters", tags: ["otter"], title: "Whiskers", slug: "otter-one-tag" });
    // Only the title's words: last, behind every tag and category match.
    await write({ category: "Beavers", tags: ["dam"], title: "A river guide for beavers", slug: "otter-title-only" });

    expect(await related("otter-main")).toEqual(["otter-two-tags", "otter-one-tag-title", "otter-one-tag"]);
    expect(await related("otter-two-tags")).toEqual(["otter-main", "otter-one-tag", "otter-one-tag-title"]);
    // With fewer tag and category matches, the title's words fill the list.
    await write({ category: "Badgers", tags: ["sett"], title: "Badger river crossings", slug: "badger-main" });
    await write({ category: "Badgers", tags: ["sett"], title: "Badger diet", slug: "badger-diet" });
    const [first, ...rest] = await related("badger-main");
    expect(first).toBe("badger-diet");
    expect(rest).toHaveLength(2);
    for (const slug of rest) expect(["otter-main", "otter-one-tag-title", "otter-title-only"]).toContain(slug);
  });

  it("counts a category shared whatever its punctuation, and breaks ties by the latest changed", async () => {
    const category = "Newts & ponds: how-to";
    await write({ category, tags: ["newt"], title: "Newt pond", slug: "newt-main" });
    await write({ category, tags: ["eggs"], title: "Spawn season", slug: "newt-category-only" });
    await write({ category, tags: ["newt"], title: "Larvae", slug: "newt-older" });
    await write({ category, tags: ["newt"], title: "Metamorphosis", slug: "newt-newer" });
    expect(await related("newt-main")).toEqual(["newt-newer", "newt-older", "newt-category-only"]);
  });
});
