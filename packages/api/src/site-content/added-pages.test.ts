// Pages a provider adds at /services/<slug> (issue 42, docs/features.md §20): refused when their slug is
// bad or taken, served once published (rendered into a package page's shell, cached per revision), a 404
// while only a draft's, previewable by staff, in the sitemap and the assistant's answers, and a 404 again
// once removed. The web build is stood in for by a server entry that prints what it was asked to render
// (the real pages, with their copy and JSON-LD, are the browser test's, e2e/site-content.e2e.ts).
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clients, columnsOf, eq, siteContentRevisions, users } from "@repo/db";
import type { AddedPage, SiteContent } from "@repo/content";
import { sampleAddedPage } from "@repo/content/samples";
import type { SessionUser } from "../auth/session.js";
import { EmbeddedAssistant } from "../assistant/embedded.js";
import { ACME, ADMIN, AGENT, VIEWER } from "../test/fixtures.js";
import { serverForFile } from "../test/file-server.js";
import { contentOf, DEFAULT_CONTENT } from "./document.js";
import { forgetPublished } from "./published.js";

/** A web build's stand-in: the files the server reads, and an entry that renders the page's own data. */
function fakeBuild(): string {
  const root = mkdtempSync(join(tmpdir(), "nw-added-pages-"));
  const dist = join(root, "dist");
  const ssr = join(root, "dist-ssr");
  mkdirSync(dist);
  mkdirSync(ssr);
  writeFileSync(join(dist, "404.html"), "<!doctype html><title>Page not found</title>");
  writeFileSync(join(dist, "spa.html"), "<!doctype html><head><title>app</title></head><div id=app></div>");
  writeFileSync(
    join(dist, "sitemap.xml"),
    '<?xml version="1.0"?>\n<urlset><url><loc>https://site.test/pricing</loc></url>\n</urlset>',
  );
  const shell = (name: string) => ({
    html: `<!--${name}--><head><!--app-head--></head><!--app-html-->`,
    islandModules: [],
  });
  writeFileSync(
    join(ssr, "marketing-shells.json"),
    JSON.stringify({ "/pricing": shell("pricing"), "/services/intune-fast-start": shell("service") }),
  );
  writeFileSync(join(ssr, "help-centre-shells.json"), JSON.stringify({ index: shell("help"), article: shell("help") }));
  writeFileSync(
    join(ssr, "entry-server.js"),
    `export const canonicalUrl = (path) => "https://site.test" + path;
export async function render(url, { siteContent } = {}) {
  const page = siteContent?.addedPages?.find((p) => "/services/" + p.slug === url);
  const shown = page ? page.copy.headline + " " + (page.offer?.priceCents ?? "quoted") : "built-in page";
  return { html: "<main>" + url + ": " + shown + "</main>", head: "<title>" + url + "</title>", status: 200, islandModules: [] };
}
`,
  );
  return dist;
}

const { server, tokens } = serverForFile([ADMIN, AGENT, VIEWER, ACME], { app: { webDist: fakeBuild() } });

const call = (method: string, path: string, json?: unknown, email?: string) =>
  server.request(path, { method, json, token: email ? tokens[email] : undefined });

const BACKUP = sampleAddedPage();

const withPages = (...addedPages: AddedPage[]): SiteContent => ({ ...structuredClone(DEFAULT_CONTENT), addedPages });

async function saveDraft(content: SiteContent, email = AGENT): Promise<number> {
  const state = (await (await call("GET", "/api/site-content", undefined, email)).json()) as {
    draft: { version: number } | null;
  };
  const res = await call(
    "PUT",
    "/api/site-content/draft",
    { content, baseVersion: state.draft?.version ?? null },
    email,
  );
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { version: number }).version;
}

async function publish(content: SiteContent) {
  const version = await saveDraft(content);
  expect((await call("POST", "/api/site-content/publish", { version }, ADMIN)).status).toBe(200);
}

async function reset() {
  await server.services.db.delete(siteContentRevisions);
  forgetPublished();
}

afterAll(reset);

describe("added pages: the document", () => {
  it("refuses a bad, taken or repeated slug at the page's field, and more than 20 pages, saving nothing", async () => {
    await reset();
    const refused = async (content: SiteContent, path: (string | number)[], message: string) => {
      const res = await call("PUT", "/api/site-content/draft", { content, baseVersion: null }, ADMIN);
      expect(res.status).toBe(400);
      const body = (await res.json()) as { error: string; issues?: { path: (string | number)[]; message: string }[] };
      expect(JSON.stringify(body)).toContain(message);
      if (body.issues) expect(body.issues.map((i) => i.path.join("."))).toContain(path.join("."));
    };
    await refused(
      withPages({ ...BACKUP, slug: "Backup Check" }),
      ["content", "addedPages", 0, "slug"],
      "Use lower-case letters, digits and single hyphens",
    );
    await refused(
      withPages({ ...BACKUP, slug: "intune-fast-start" }),
      ["content", "addedPages", 0, "slug"],
      "/services/intune-fast-start is one of the site's own pages",
    );
    await refused(
      withPages(BACKUP, { ...BACKUP, name: "Again" }),
      ["content", "addedPages", 1, "slug"],
      "Another added page is already at /services/backup-check",
    );
    await refused(
      withPages(...Array.from({ length: 21 }, (_, i) => ({ ...BACKUP, slug: `page-${i}` }))),
      ["content", "addedPages"],
      "At most 20 added pages",
    );
    await refused(
      withPages({ ...BACKUP, offer: { ...BACKUP.offer!, priceCents: 12.5 } }),
      ["content", "addedPages", 0, "offer", "priceCents"],
      "Enter the price in cents",
    );
    expect(await server.services.db.select().from(siteContentRevisions)).toHaveLength(0);
  });

  it("reads a document stored before pages could be added as one with none", () => {
    const { addedPages: _, ...older } = DEFAULT_CONTENT;
    expect(contentOf(older)).toEqual(DEFAULT_CONTENT);
    expect(contentOf({ ...DEFAULT_CONTENT, addedPages: "nonsense" }).addedPages).toEqual([]);
  });
});

describe("added pages: on the site", () => {
  const page = (path: string, email?: string) => call("GET", path, undefined, email);

  it("is a 404 for an unknown slug, with or without anything published", async () => {
    await reset();
    expect((await page("/services/backup-check")).status).toBe(404);
    await publish(withPages());
    const res = await page("/services/backup-check");
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("Page not found");
    // The built pages keep their routes.
    expect(await (await page("/services/intune-fast-start")).text()).toContain("built-in page");
  });

  it("shows a draft's page to staff in the preview only, and serves it once published", async () => {
    await reset();
    await publish(withPages());
    await saveDraft(withPages(BACKUP));
    expect((await page("/services/backup-check")).status).toBe(404);
    expect(await (await page("/sitemap.xml")).text()).not.toContain("backup-check");

    const preview = await page("/api/site-content/preview?path=/services/backup-check", VIEWER);
    expect(preview.status).toBe(200);
    expect(preview.headers.get("x-robots-tag")).toBe("noindex");
    const html = await preview.text();
    // Rendered into a service page's shell, with the page's copy and price.
    expect(html).toContain("<!--service-->");
    expect(html).toContain("A Backup Check in one week 75000");
    expect((await page("/api/site-content/preview?path=/services/backup-check")).status).toBe(401);
    expect((await page("/api/site-content/preview?path=/services/backup-check", ACME)).status).toBe(403);
    expect((await page("/api/site-content/preview?path=/services/no-such-page", VIEWER)).status).toBe(404);

    const state = (await (await call("GET", "/api/site-content", undefined, ADMIN)).json()) as {
      draft: { version: number };
    };
    expect((await call("POST", "/api/site-content/publish", { version: state.draft.version }, ADMIN)).status).toBe(200);
    for (const path of ["/services/backup-check", "/services/backup-check/"]) {
      const res = await page(path);
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(text).toContain("<!--service-->");
      expect(text).toContain("<title>/services/backup-check</title>");
      expect(text).toContain("A Backup Check in one week 75000");
    }
    expect(await (await page("/sitemap.xml")).text()).toContain(
      "<url><loc>https://site.test/services/backup-check</loc></url>",
    );
  });

  it("follows the next revision, and is a 404 once removed and published", async () => {
    await reset();
    await publish(withPages(BACKUP));
    expect(await (await page("/services/backup-check")).text()).toContain("75000");
    await publish(withPages({ ...BACKUP, offer: { ...BACKUP.offer!, priceCents: 90_000 } }));
    expect(await (await page("/services/backup-check")).text()).toContain("90000");
    await publish(withPages());
    expect((await page("/services/backup-check")).status).toBe(404);
    expect(await (await page("/sitemap.xml")).text()).not.toContain("backup-check");
  });
});

describe("added pages: the assistant", () => {
  const assistant = new EmbeddedAssistant();
  let who: { user: SessionUser; scope: { kind: "company"; clientId: string; userId: string }; companyName: string };
  beforeAll(async () => {
    const [row] = await server.services.db
      .select({ ...columnsOf(users, ["id", "name", "email", "role", "clientId"]), companyName: clients.name })
      .from(users)
      .innerJoin(clients, eq(users.clientId, clients.id))
      .where(eq(users.email, ACME));
    const { companyName, ...user } = row!;
    who = { user, scope: { kind: "company", clientId: user.clientId!, userId: user.id }, companyName };
  });
  const reply = (message: string) =>
    assistant.reply({ db: server.services.db, ...who, message, history: [], now: new Date() });
  const ask = async (message: string) => (await reply(message)).content;

  it("answers a published page's price and copy, and nothing of a page no longer published", async () => {
    await reset();
    await publish(withPages(BACKUP));
    const answer = await reply("How much does the Backup Check cost?");
    expect(answer.content).toContain("$750");
    expect(answer.sources).toEqual([{ title: "Backup Check page", path: "/services/backup-check" }]);
    expect(await ask("How long does the Backup Check take?")).toContain("**1 week**");
    expect(await ask("Do you change our backup settings?")).toContain("Only with your approval.");
    await publish(withPages());
    expect(await ask("How much does the Backup Check cost?")).not.toContain("$750");
  });
});
