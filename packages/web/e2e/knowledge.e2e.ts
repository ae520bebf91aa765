// The knowledge base in the browser (docs/features.md §17): an agent writes an article for Acme Dental in
// the editor and publishes it; Acme's client finds it under Help articles, answers "Was this helpful?"
// and is offered it while typing a matching ticket title; Birch's client does not find it. The new
// screens meet WCAG 2.2 AA at desktop and phone width.
import { describe, expect, it } from "vitest";
import { axeSweep, SWEEP_TIMEOUT_MS } from "./axe-sweep.js";
import { openAsClient } from "./client-session.js";
import { startE2EForFile } from "./harness.js";
import { openAsStaff, pick, seeText, STAFF, staffToken } from "./staff-session.js";

const e2e = startE2EForFile();
const { check, checkWhenShown } = axeSweep();

const TITLE = "Resetting the Acme reception kiosk";

describe("the knowledge base", () => {
  it(
    "an agent publishes an article for one company; only its clients find it, and the ticket form offers it",
    async () => {
      const { page } = await openAsStaff(e2e, "/account", STAFF.agent.email);
      await page.getByRole("link", { name: "Knowledge base" }).click();
      await checkWhenShown(page, page.getByRole("table", { name: "Articles" }), "staff: knowledge base list");

      await page.getByRole("link", { name: "New article" }).click();
      await page.getByRole("heading", { name: "New article" }).waitFor();
      await page.getByRole("textbox", { name: "Title" }).fill(TITLE);
      expect(await page.getByRole("textbox", { name: "Slug" }).inputValue()).toBe("resetting-the-acme-reception-kiosk");
      await page.getByRole("textbox", { name: "Category" }).fill("Front desk");
      await pick(page, "Who may read it", "Chosen companies");
      await page.getByLabel("Companies").first().click();
      await page.getByRole("option", { name: "Acme Dental" }).click();
      await page.keyboard.press("Escape");
      await page
        .getByRole("textbox", { name: "Text (Markdown)" })
        .fill("## Steps\n\nHold the **power** button for ten seconds, then sign in as reception.");
      await page.getByRole("region", { name: "Preview" }).getByText("Steps").waitFor();
      await check(page, "staff: article editor, new");
      await page.getByRole("button", { name: "Save" }).click();
      await seeText(page, "Article saved");
      await page.getByRole("button", { name: "Publish" }).click();
      await seeText(page, "Published");
      await page.getByRole("table", { name: "Revisions" }).waitFor();
      await check(page, "staff: article editor, published");

      const acme = await openAsClient(e2e, "/client-dashboard");
      await acme.page.getByRole("link", { name: "Help articles" }).click();
      await acme.page.getByRole("textbox", { name: "Search articles" }).fill("kiosk");
      const link = acme.page.getByRole("link", { name: TITLE });
      await link.waitFor();
      await check(acme.page, "client: help articles");
      await link.click();
      await acme.page.getByRole("article", { name: TITLE }).waitFor();
      await check(acme.page, "client: help article");
      await acme.page.getByRole("button", { name: "Yes" }).click();
      await acme.page.getByText("Thanks for your answer.").waitFor();

      await acme.page.goto("/client-dashboard");
      await acme.page.getByRole("button", { name: "New Ticket" }).click();
      await acme.page.getByRole("textbox", { name: "Title" }).fill("Reception kiosk frozen");
      await acme.page
        .getByRole("region", { name: "Articles that may help" })
        .getByRole("link", { name: new RegExp(TITLE) })
        .waitFor();
      await check(acme.page, "client: new ticket with offered articles", ["desktop"]);

      const birch = await openAsClient(e2e, "/client/help", { email: "client@birch.test" });
      await birch.page.getByRole("textbox", { name: "Search articles" }).fill("kiosk");
      await birch.page.getByText('No article matches "kiosk".').waitFor();
      await birch.page.goto("/client/help/resetting-the-acme-reception-kiosk");
      await birch.page.getByRole("heading", { name: "Article not found" }).waitFor();
    },
    SWEEP_TIMEOUT_MS,
  );

  it(
    "a visitor reads the public help centre: rendered from the database, searchable, in the sitemap, never another's",
    async () => {
      const token = await staffToken(e2e, STAFF.agent.email);
      const fields = {
        title: "Connecting to the guest Wi-Fi",
        slug: "connecting-to-guest-wifi",
        category: "Networks",
        tags: ["wifi"],
        body: "Choose the **Guest** network and accept the terms.\n\n- The password changes every Monday\n- Ask reception for it",
        visibility: "public",
      };
      const created = await e2e.server.request("/api/knowledge/editor/articles", {
        method: "POST",
        token,
        json: fields,
      });
      expect(created.status).toBe(200);
      const { id } = (await created.json()) as { id: string };
      // A draft shows nowhere public.
      expect((await e2e.server.request(`/help/${fields.slug}`)).status).toBe(404);
      const publish = await e2e.server.request(`/api/knowledge/editor/articles/${id}/publish`, {
        method: "POST",
        token,
      });
      expect(publish.status).toBe(200);

      const { page } = await e2e.open("/help");
      await page.getByRole("heading", { name: "Help centre", level: 1 }).waitFor();
      await page.getByRole("link", { name: fields.title }).waitFor();
      // Only public articles: not the one for all clients, Acme's own or an internal one.
      for (const hidden of ["Setting up the Authenticator app", "Acme Dental", "firewall"])
        expect(await page.getByRole("link", { name: new RegExp(hidden, "i") }).count()).toBe(0);
      await check(page, "visitor: help centre");

      await page.getByRole("searchbox", { name: "Search articles" }).fill("guest wifi");
      await page.keyboard.press("Enter");
      await page.waitForURL("**/help?q=guest+wifi");
      await page.getByRole("status").getByText('1 article matches "guest wifi".').waitFor();
      await page.getByRole("link", { name: fields.title }).click();
      await page.getByRole("heading", { name: fields.title, level: 1 }).waitFor();
      await page.getByRole("article", { name: fields.title }).getByText("The password changes every Monday").waitFor();
      const jsonLd = await page.locator('script[type="application/ld+json"]').first().textContent();
      expect(JSON.parse(jsonLd ?? "{}")).toMatchObject({ "@type": "Article", headline: fields.title });
      await check(page, "visitor: help article");

      // "Was this helpful?" is an island: it works once the page has hydrated it.
      await page.getByRole("button", { name: "Yes" }).click();
      await page.getByText("Thanks for your answer.").waitFor();
      const counted = await e2e.server.request(`/api/knowledge/editor/articles/${id}`, { token });
      expect(((await counted.json()) as { helpfulCount: number }).helpfulCount).toBe(1);

      // An edit shows on the next visit; unpublished, the page is gone.
      const renamed = { ...fields, title: "Joining the guest Wi-Fi" };
      const saved = await e2e.server.request(`/api/knowledge/editor/articles/${id}`, {
        method: "PUT",
        token,
        json: renamed,
      });
      expect(saved.status).toBe(200);
      await page.reload();
      await page.getByRole("heading", { name: renamed.title, level: 1 }).waitFor();
      // An unchanged page is not sent again: its ETag is the hash of what it shows.
      const first = await e2e.server.request(`/help/${fields.slug}`);
      const etag = first.headers.get("etag") ?? "";
      expect(etag).not.toBe("");
      const again = await e2e.server.request(`/help/${fields.slug}`, { headers: { "if-none-match": etag } });
      expect(again.status).toBe(304);

      // The website's ticket form offers it while the title is typed, linking the help centre's page.
      const form = await e2e.open("/submit-ticket");
      await form.page.getByRole("textbox", { name: "Issue Summary" }).fill("Cannot join the guest wifi");
      const offered = form.page
        .getByRole("region", { name: "Articles that may help" })
        .getByRole("link", { name: new RegExp(renamed.title) });
      expect(await offered.getAttribute("href", { timeout: 15_000 })).toBe(`/help/${fields.slug}`);
      await check(form.page, "visitor: ticket form with offered articles", ["desktop"]);

      const sitemap = await (await e2e.server.request("/sitemap.xml")).text();
      expect(sitemap).toContain(`/help/${fields.slug}</loc>`);
      expect(sitemap).toContain("/help/share-large-files-securely</loc>");
      expect(sitemap).not.toContain("acme-dental-vpn-from-home");
      expect(sitemap).not.toContain("authenticator-app-new-phone");
      for (const slug of [
        "acme-dental-vpn-from-home",
        "authenticator-app-new-phone",
        "acme-dental-firewall-admin-notes",
      ])
        expect((await e2e.server.request(`/help/${slug}`)).status).toBe(404);

      await e2e.server.request(`/api/knowledge/editor/articles/${id}/unpublish`, { method: "POST", token });
      expect((await e2e.server.request(`/help/${fields.slug}`)).status).toBe(404);
    },
    SWEEP_TIMEOUT_MS,
  );
});
