// The knowledge base over REST and tRPC (docs/decisions/0055-knowledge-base.md), caller by caller: what a
// visitor, a client of each company and each staff role reads and finds, drafts never public, revisions
// and restore, and bad input refused with nothing written.
import { describe, expect, it } from "vitest";
import { articleRevisions, articles, eq } from "@repo/db";
import { ACME, ADMIN, AGENT, BIRCH, demoCompanies, VIEWER } from "../test/fixtures.js";
import { serverForFile } from "../test/file-server.js";
import { expectRefused } from "../test/refusals.js";

const { server, tokens } = serverForFile([ADMIN, AGENT, VIEWER, ACME, BIRCH]);

const call = (method: string, path: string, json?: unknown, email?: string) =>
  server.request(path, { method, json, token: email ? tokens[email] : undefined });

interface StaffArticle {
  id: string;
  slug: string;
  title: string;
  body: string;
  status: string;
  visibility: string;
  companyIds: string[];
  publishedAt: string | null;
  helpfulCount: number;
  notHelpfulCount: number;
  updatedAt: string;
}

const editor = "/api/knowledge/editor/articles";

async function write(fields: Record<string, unknown>, publish = true): Promise<StaffArticle> {
  const res = await call("POST", editor, { category: "How-to", body: "Steps.", ...fields }, AGENT);
  expect(res.status).toBe(200);
  const article = (await res.json()) as StaffArticle;
  if (!publish) return article;
  const published = await call("POST", `${editor}/${article.id}/publish`, undefined, AGENT);
  expect(published.status).toBe(200);
  return (await published.json()) as StaffArticle;
}

/** The slugs a search finds for `email` (a visitor without one). */
const found = async (q: string, email?: string) => {
  const res = await call("GET", `/api/knowledge/articles?q=${encodeURIComponent(q)}`, undefined, email);
  expect(res.status).toBe(200);
  return ((await res.json()) as { slug: string }[]).map((a) => a.slug).sort();
};

const readStatus = async (slug: string, email?: string) =>
  (await call("GET", `/api/knowledge/articles/${slug}`, undefined, email)).status;

describe("who reads which article", () => {
  it("answers each kind of caller only what its visibility allows, in the search and by slug", async () => {
    const { acme, birch } = await demoCompanies(server);
    await write({ title: "Reset your zebra password", slug: "zebra-public", visibility: "public" });
    await write({ title: "Zebra portal for clients", slug: "zebra-clients", visibility: "clients" });
    await write({ title: "Zebra VPN at Acme", slug: "zebra-acme", visibility: "companies", companyIds: [acme] });
    await write({
      title: "Zebra printers at Birch",
      slug: "zebra-birch",
      visibility: "companies",
      companyIds: [birch],
    });
    await write({ title: "Zebra runbook", slug: "zebra-internal", visibility: "internal" });
    await write({ title: "Zebra draft notes", slug: "zebra-draft", visibility: "public" }, false);

    expect(await found("zebra")).toEqual(["zebra-public"]);
    expect(await found("zebra", ACME)).toEqual(["zebra-acme", "zebra-clients", "zebra-public"]);
    expect(await found("zebra", BIRCH)).toEqual(["zebra-birch", "zebra-clients", "zebra-public"]);
    const everything = ["zebra-acme", "zebra-birch", "zebra-clients", "zebra-draft", "zebra-internal", "zebra-public"];
    expect(await found("zebra", ADMIN)).toEqual(everything);
    expect(await found("zebra", VIEWER)).toEqual(everything);
    // Staff's list is the same search: it says which are drafts and who each is for.
    const staffList = (await (await call("GET", "/api/knowledge/articles?q=zebra", undefined, VIEWER)).json()) as {
      slug: string;
      status: string;
      visibility: string;
    }[];
    expect(staffList.find((a) => a.slug === "zebra-draft")).toMatchObject({ status: "draft", visibility: "public" });
    expect(staffList.find((a) => a.slug === "zebra-acme")).toMatchObject({
      status: "published",
      visibility: "companies",
    });

    // By slug, what is not the caller's to read is "not found", as if it did not exist.
    expect(await readStatus("zebra-public")).toBe(200);
    expect(await readStatus("zebra-clients")).toBe(404);
    expect(await readStatus("zebra-acme", ACME)).toBe(200);
    expect(await readStatus("zebra-internal", ACME)).toBe(404);
    expect(await readStatus("zebra-draft", ACME)).toBe(404);
    await expectRefused(
      await call("GET", "/api/knowledge/articles/zebra-acme", undefined, BIRCH),
      404,
      "Article not found",
      "NOT_FOUND",
    );
    expect(await readStatus("zebra-acme")).toBe(404);
    expect(await readStatus("zebra-draft", VIEWER)).toBe(200);

    // tRPC answers from the same procedure.
    const trpc = await call(
      "GET",
      `/trpc/knowledge.search?input=${encodeURIComponent(JSON.stringify({ q: "zebra vpn" }))}`,
      undefined,
      BIRCH,
    );
    expect(trpc.status).toBe(200);
    expect(JSON.stringify(await trpc.json())).not.toContain("zebra-acme");
  });

  it("never lets a company's article through the search, whatever the words, the prefix or the empty query", async () => {
    const { acme } = await demoCompanies(server);
    await write({
      title: "Quokka tunnel settings",
      slug: "quokka-acme",
      tags: ["QuokkaNet"],
      body: "Our quokkagateway address.",
      visibility: "companies",
      companyIds: [acme],
    });
    for (const q of ["quokka", "quok", "quokka tunnel", "quokkagateway", "quokkanet", "quokka net", ""]) {
      expect(await found(q, BIRCH)).not.toContain("quokka-acme");
      expect(await found(q)).not.toContain("quokka-acme");
    }
    expect(await found("quokkagate", ACME)).toEqual(["quokka-acme"]);
    expect(await found("quokkanet", ACME)).toEqual(["quokka-acme"]);
  });

  it("takes a published article back from readers when it is unpublished", async () => {
    const article = await write({ title: "Wombat backup", slug: "wombat-backup", visibility: "public" });
    expect(article.publishedAt).not.toBeNull();
    expect(await found("wombat")).toEqual(["wombat-backup"]);
    const back = await call("POST", `${editor}/${article.id}/unpublish`, undefined, ADMIN);
    expect(((await back.json()) as StaffArticle).status).toBe("draft");
    expect(await found("wombat")).toEqual([]);
    expect(await readStatus("wombat-backup", ACME)).toBe(404);
    const again = (await (
      await call("POST", `${editor}/${article.id}/publish`, undefined, ADMIN)
    ).json()) as StaffArticle;
    expect(again.publishedAt).toBe(article.publishedAt);
  });
});

describe("who writes", () => {
  it("lets ADMIN and AGENT write, a VIEWER read only, and refuses clients and visitors", async () => {
    const article = await write({ title: "Kiwi setup", slug: "kiwi-setup", visibility: "internal" }, false);
    expect((await call("GET", `${editor}/${article.id}`, undefined, VIEWER)).status).toBe(200);
    const fields = { title: "Viewer's try", slug: "viewer-try", category: "X", body: "Y", visibility: "public" };
    expect((await call("POST", editor, fields, VIEWER)).status).toBe(403);
    expect((await call("POST", `${editor}/${article.id}/publish`, undefined, VIEWER)).status).toBe(403);
    expect((await call("POST", editor, fields, ACME)).status).toBe(403);
    expect((await call("GET", `${editor}/${article.id}`, undefined, ACME)).status).toBe(403);
    expect((await call("POST", editor, fields)).status).toBe(401);
    const [row] = await server.services.db
      .select({ status: articles.status })
      .from(articles)
      .where(eq(articles.id, article.id));
    expect(row?.status).toBe("draft");
    expect(await server.services.db.$count(articles, eq(articles.slug, "viewer-try"))).toBe(0);
  });
});

describe("revisions", () => {
  it("records each save with who and when, and restores an earlier one as a new revision", async () => {
    const article = await write({
      title: "Otter mail v1",
      slug: "otter-mail",
      visibility: "public",
      body: "First text.",
    });
    const save = (title: string, body: string, email: string) =>
      call(
        "PUT",
        `${editor}/${article.id}`,
        { title, slug: "otter-mail", category: "How-to", body, visibility: "public" },
        email,
      );
    expect((await save("Otter mail v2", "Second text.", ADMIN)).status).toBe(200);
    const v3 = (await (await save("Otter mail v3", "Third text.", AGENT)).json()) as StaffArticle;
    expect(v3).toMatchObject({ title: "Otter mail v3", body: "Third text.", status: "published" });

    const history = async () =>
      (await (await call("GET", `${editor}/${article.id}/revisions`, undefined, VIEWER)).json()) as {
        number: number;
        title: string;
        body: string;
        authorName: string;
      }[];
    expect((await history()).map((r) => [r.number, r.title, r.authorName])).toEqual([
      [3, "Otter mail v3", "Sam Patel"],
      [2, "Otter mail v2", expect.any(String)],
      [1, "Otter mail v1", "Sam Patel"],
    ]);
    expect((await history())[1]!.authorName).not.toBe("Sam Patel");

    const restored = await call("POST", `${editor}/${article.id}/revisions/1/restore`, undefined, AGENT);
    expect(restored.status).toBe(200);
    expect(await restored.json()).toMatchObject({ title: "Otter mail v1", body: "First text." });
    expect((await history()).map((r) => r.number)).toEqual([4, 3, 2, 1]);
    expect((await history())[0]).toMatchObject({ title: "Otter mail v1", body: "First text." });
    expect(await found("otter")).toEqual(["otter-mail"]);
    expect(((await (await call("GET", "/api/knowledge/articles/otter-mail")).json()) as { title: string }).title).toBe(
      "Otter mail v1",
    );

    await expectRefused(
      await call("POST", `${editor}/${article.id}/revisions/9/restore`, undefined, AGENT),
      404,
      "Revision not found",
      "NOT_FOUND",
    );
    expect((await call("POST", `${editor}/${article.id}/revisions/9/restore`, undefined, VIEWER)).status).toBe(403);
  });
});

describe("was this helpful", () => {
  it("counts answers on an article the caller may read, and nowhere else", async () => {
    const { acme } = await demoCompanies(server);
    const open = await write({ title: "Heron wifi", slug: "heron-wifi", visibility: "public" });
    const closed = await write({
      title: "Heron acme",
      slug: "heron-acme",
      visibility: "companies",
      companyIds: [acme],
    });
    expect((await call("POST", "/api/knowledge/articles/heron-wifi/feedback", { helpful: true })).status).toBe(200);
    expect((await call("POST", "/api/knowledge/articles/heron-wifi/feedback", { helpful: false }, ACME)).status).toBe(
      200,
    );
    expect((await call("POST", "/api/knowledge/articles/heron-acme/feedback", { helpful: true }, BIRCH)).status).toBe(
      404,
    );
    expect((await call("POST", "/api/knowledge/articles/heron-acme/feedback", { helpful: true })).status).toBe(404);
    const counts = async (id: string) =>
      (await (await call("GET", `${editor}/${id}`, undefined, VIEWER)).json()) as StaffArticle;
    expect(await counts(open.id)).toMatchObject({ helpfulCount: 1, notHelpfulCount: 1 });
    expect(await counts(closed.id)).toMatchObject({ helpfulCount: 0, notHelpfulCount: 0 });
  });

  it("takes one answer per reader: again changes nothing, a changed answer moves the count", async () => {
    const article = await write({ title: "Heron printers", slug: "heron-printers", visibility: "clients" });
    const answer = (helpful: boolean, email: string) =>
      call("POST", "/api/knowledge/articles/heron-printers/feedback", { helpful }, email);
    const counts = async () =>
      (await (await call("GET", `${editor}/${article.id}`, undefined, VIEWER)).json()) as StaffArticle;
    await Promise.all([answer(true, ACME), answer(true, ACME)]);
    await answer(true, ACME);
    await answer(true, BIRCH);
    expect(await counts()).toMatchObject({ helpfulCount: 2, notHelpfulCount: 0 });
    await answer(false, ACME);
    await answer(false, ACME);
    expect(await counts()).toMatchObject({ helpfulCount: 1, notHelpfulCount: 1 });
    // Counting is no edit: the article's last change is still its last save.
    expect(article.updatedAt).toEqual(expect.any(String));
    expect((await counts()).updatedAt).toBe(article.updatedAt);
  });
});

describe("matching any word", () => {
  it("finds what shares a meaningful word of a ticket's title, and still only what the caller may read", async () => {
    const res = async (q: string, email?: string) =>
      (
        (await (
          await call("GET", `/api/knowledge/articles?match=any&q=${encodeURIComponent(q)}`, undefined, email)
        ).json()) as {
          slug: string;
        }[]
      ).map((a) => a.slug);
    // "frozen" is in no article: every word required would find nothing.
    expect(await res("VPN frozen at home", ACME)).toContain("acme-dental-vpn-from-home");
    expect(await res("VPN frozen at home", BIRCH)).not.toContain("acme-dental-vpn-from-home");
    expect(await res("the and of")).toEqual([]);
  });
});

describe("bad input", () => {
  it("refuses with the rule's message and writes nothing", async () => {
    const { acme } = await demoCompanies(server);
    const before = await server.services.db.$count(articles);
    const refused = async (fields: Record<string, unknown>, status: number, message: string) => {
      const res = await call(
        "POST",
        editor,
        { title: "Lynx", slug: "lynx", category: "How-to", body: "B", visibility: "public", ...fields },
        AGENT,
      );
      expect(res.status).toBe(status);
      expect(((await res.json()) as { error: string }).error).toContain(message);
    };
    await refused({ title: "" }, 400, "Title is required");
    await refused({ tags: ["vpn-setup"] }, 400, "A tag is one word of letters and digits");
    await refused({ slug: "Not A Slug" }, 400, "Slug must be lower-case words joined by hyphens");
    await refused({ visibility: "everyone" }, 400, "Visibility must be public, clients, companies or internal");
    await refused({ visibility: "companies" }, 400, "Choose at least one company");
    await refused({ companyIds: [acme] }, 400, "Only a companies article names companies");
    await refused(
      { visibility: "companies", companyIds: ["0190a000-0000-7000-8000-000000000000"] },
      400,
      "Unknown company",
    );
    expect(await server.services.db.$count(articles)).toBe(before);

    await write({ title: "Lynx taken", slug: "lynx-taken", visibility: "public" }, false);
    const revisionsBefore = await server.services.db.$count(articleRevisions);
    await refused({ slug: "lynx-taken" }, 409, "Another article already has this slug");
    expect(await server.services.db.$count(articles)).toBe(before + 1);
    expect(await server.services.db.$count(articleRevisions)).toBe(revisionsBefore);

    expect((await call("GET", `${editor}/not-an-id`, undefined, AGENT)).status).toBe(404);
    expect((await call("GET", "/api/knowledge/articles?limit=0")).status).toBe(400);
  });
});

describe("the OpenAPI document", () => {
  it("lists the readers' routes as open and the editor's as needing a token", async () => {
    const document = (await (await server.request("/api/openapi.json")).json()) as {
      paths: Record<string, Record<string, { security?: unknown[] }>>;
    };
    expect(document.paths["/knowledge/articles"]?.get).toBeDefined();
    expect(document.paths["/knowledge/editor/articles/{id}/revisions/{number}/restore"]?.post).toBeDefined();
    expect(document.paths["/knowledge/editor/articles"]?.post?.security).not.toEqual([]);
  });
});
