// A page the provider adds (issue 42, docs/features.md §20): typed into the Website screen's Added pages
// tab by an admin, a 404 for visitors while only a draft's, then published: served at /services/<slug> in
// the service page layout with its copy, price, title and JSON-LD, listed on /pricing under "More packages"
// and in the sitemap, and meeting WCAG 2.2 AA; an unknown slug stays the site's 404 page.
import { describe, expect, it } from "vitest";
import { axeSweep, SWEEP_TIMEOUT_MS } from "./axe-sweep.js";
import { startE2EForFile } from "./harness.js";
import { openAsStaff, staffToken } from "./staff-session.js";
import { waitForHydration } from "./site-helpers.js";

const e2e = startE2EForFile();
const { check } = axeSweep();

const PATH = "/services/backup-check";
const HEADLINE = "A Backup Check in one week";
const ANSWER = "Only with your written approval.";

const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));

describe("a page the provider added", () => {
  it(
    "is typed in the editor, previewed, published, and served like the built-in service pages",
    async () => {
      expect((await e2e.server.request(PATH)).status).toBe(404);

      const { page: editor } = await openAsStaff(e2e, "/settings/website");
      await editor.getByLabel(/^Phone/).waitFor();
      await editor.getByRole("tab", { name: "Added pages" }).click();
      // By keyboard: the button adds a page, the next Tab reaches its address, Space turns the package on.
      await editor.getByRole("button", { name: "Add a page" }).focus();
      await editor.keyboard.press("Enter");
      await editor.getByLabel(/^Address/).waitFor();
      await editor.keyboard.press("Tab");
      await editor.keyboard.type("backup-check");
      expect(await editor.getByLabel(/^Address/).inputValue()).toBe("backup-check");
      await editor.getByLabel(/^Name/).fill("Backup Check");
      await editor.getByLabel(/^Headline/).fill(HEADLINE);
      await editor
        .getByLabel(/^Summary/)
        .fill("We restore a sample of your files and mailboxes to prove your backups work.");
      await editor.getByLabel(/^What you get 1/).fill("A restore test of files, mailboxes and one laptop");
      await editor.getByLabel(/^Step 1 title/).fill("Access");
      await editor.getByLabel(/^Step 1 text/).fill("You give us read access to the backup console.");
      await editor.getByLabel(/^Question 1/).fill("Do you change our backup settings?");
      await editor.getByLabel(/^Answer 1/).fill(ANSWER);
      await editor.getByLabel(/^Closing title/).fill("Know your backups work");
      await editor.getByLabel(/^Closing text/).fill("Book a Backup Check and sleep better.");
      await editor.getByRole("switch", { name: /Offer this page as a package/ }).focus();
      await editor.keyboard.press("Space");
      await editor.getByLabel(/^Duration\s*\*?$/).fill("1 week");
      await editor.getByLabel(/^Price/).fill("750");
      await editor.getByLabel(/limit 1$/).fill("Up to 25 users");
      await editor.getByRole("button", { name: "Save draft" }).click();
      await editor.getByText(/Saved by/).waitFor();

      // A draft's page is nowhere public, but staff preview it.
      expect((await e2e.server.request(PATH)).status).toBe(404);
      expect(await (await e2e.server.request("/sitemap.xml")).text()).not.toContain(PATH);
      const preview = await e2e.server.request(`/api/site-content/preview?path=${encodeURIComponent(PATH)}`, {
        token: await staffToken(e2e),
      });
      expect(preview.status).toBe(200);
      expect(await preview.text()).toContain(HEADLINE);

      await editor.getByRole("button", { name: "Publish" }).click();
      await editor.getByText(/Editing starts a draft/).waitFor();

      const res = await e2e.server.request(PATH);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain("<title>Backup Check | Northwind IT</title>");
      expect(html).toContain("1 week · $750");
      const [service, faq] = jsonLd(html);
      expect(service).toMatchObject({
        "@type": "Service",
        name: HEADLINE,
        serviceType: "Backup Check",
        offers: { "@type": "Offer", price: "750.00", priceCurrency: "CAD" },
      });
      expect(service.url).toMatch(/\/services\/backup-check$/);
      expect(faq.mainEntity[0]).toMatchObject({
        name: "Do you change our backup settings?",
        acceptedAnswer: { text: ANSWER },
      });
      expect(await (await e2e.server.request("/sitemap.xml")).text()).toMatch(
        /<loc>[^<]*\/services\/backup-check<\/loc>/,
      );
      const pricing = await (await e2e.server.request("/pricing")).text();
      expect(pricing).toContain("More packages");
      expect(pricing).toContain("$750");
      expect(pricing).toContain(`href="${PATH}"`);

      // In the browser: the FAQ island works, the quote goes to the plain contact form, axe finds nothing.
      const { page } = await e2e.open(PATH);
      await page.getByRole("heading", { name: HEADLINE }).waitFor();
      // The island code loads after the first paint (decision 0059): a click before hydration does nothing.
      await waitForHydration(page);
      await page.getByRole("button", { name: "Do you change our backup settings?" }).click();
      await page.getByText(ANSWER).waitFor();
      const quotes = await page
        .getByRole("link", { name: "Get a quote" })
        .evaluateAll((links) => links.map((a) => a.getAttribute("href")));
      expect(quotes.length).toBeGreaterThan(0);
      expect(new Set(quotes)).toEqual(new Set(["/contact"]));
      await check(page, "visitor: a page the provider added");

      const unknown = await e2e.server.request("/services/no-such-page");
      expect(unknown.status).toBe(404);
      // The built-in pages keep their routes.
      expect(await (await e2e.server.request("/services/intune-fast-start")).text()).toContain(
        "Identity &amp; Device Fast Start",
      );
    },
    SWEEP_TIMEOUT_MS,
  );
});
