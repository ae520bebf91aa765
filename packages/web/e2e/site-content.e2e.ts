// The provider's own content on the website (issue 42, docs/features.md §20): an agent's draft shows only
// in the staff preview; once an admin publishes it, the pages, their JSON-LD and titles, the island's
// props and the SPA's portals say the new name, phone, FAQ answer and price, on every instance, and the
// pages still meet WCAG 2.2 AA. Nothing published, the build's prerendered pages answer (the spec's texts).
import type { SiteContent } from "@repo/content";
import { startAnotherInstance, type TestServer } from "@repo/api/testing";
import { describe, expect, it, vi } from "vitest";
import { axeSweep, SWEEP_TIMEOUT_MS } from "./axe-sweep.js";
import { startE2EForFile, WEB_DIST } from "./harness.js";
import { waitForHydration } from "./site-helpers.js";
import { openAsStaff, STAFF, staffToken } from "./staff-session.js";

const e2e = startE2EForFile();
const { check } = axeSweep();

const SERVICE = "/services/email-deliverability";
const ANSWER = "Two days from the moment we have access, start to finish.";

const pageText = async (server: TestServer, path: string) => {
  const res = await server.request(path);
  expect(res.status).toBe(200);
  return res.text();
};

/** The JSON-LD blocks of a page's HTML. */
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));

describe("the provider's own content", () => {
  it(
    "a draft shows only in the preview; published, every page and instance shows it",
    async () => {
      const [agent, admin] = [await staffToken(e2e, STAFF.agent.email), await staffToken(e2e)];
      const state = await e2e.server.request("/api/site-content", { token: agent });
      const content = ((await state.json()) as { published: SiteContent }).published;
      const builtIn = await pageText(e2e.server, SERVICE);
      expect(builtIn).toContain("Northwind IT");

      content.identity.name = "Maple Street IT";
      content.identity.phone = "+1 (647) 555-0199";
      content.services["email-deliverability"].faqs[0]!.answer = ANSWER;
      content.packages["cloud-migration-lite"].priceCents = 249_900;
      // A light blue that white text cannot be read on (2.1:1): the theme must adjust it (axe below).
      content.identity.brandColour = "#7cc4fa";
      const saved = await e2e.server.request("/api/site-content/draft", {
        method: "PUT",
        token: agent,
        json: { content, baseVersion: null },
      });
      expect(saved.status).toBe(200);
      const { version } = (await saved.json()) as { version: number };

      // A draft is nowhere public, but staff preview it.
      expect(await pageText(e2e.server, SERVICE)).not.toContain(ANSWER);
      const preview = `/api/site-content/preview?path=${encodeURIComponent(SERVICE)}`;
      expect((await e2e.server.request(preview)).status).toBe(401);
      const previewed = await e2e.server.request(preview, { token: agent });
      expect(previewed.headers.get("x-robots-tag")).toBe("noindex");
      expect(await previewed.text()).toContain(ANSWER);

      const published = await e2e.server.request("/api/site-content/publish", {
        method: "POST",
        token: admin,
        json: { version },
      });
      expect(published.status).toBe(200);

      // Another instance over the same database (PostgreSQL) shows it within its few seconds' belief.
      const other = await startAnotherInstance(e2e.server, { webDist: WEB_DIST });
      try {
        for (const server of other ? [e2e.server, other] : [e2e.server]) {
          await vi.waitFor(async () => expect(await pageText(server, SERVICE)).toContain(ANSWER), {
            timeout: 10_000,
            interval: 200,
          });
          const html = await pageText(server, SERVICE);
          expect(html).toContain("<title>Email Deliverability Optimization | Maple Street IT</title>");
          const [service, faq] = jsonLd(html);
          expect(service).toMatchObject({ provider: { name: "Maple Street IT", telephone: "+1 (647) 555-0199" } });
          expect(faq.mainEntity[0]).toMatchObject({ acceptedAnswer: { text: ANSWER } });
          expect(await pageText(server, "/pricing")).toContain("$2,499");
        }
      } finally {
        await other?.close();
      }

      // In the browser: the page, its island (the FAQ, hydrated from its props) and the portals' SPA.
      const { page } = await e2e.open(SERVICE);
      // The island code loads after the first paint (decision 0059): a click before hydration does nothing.
      await waitForHydration(page);
      await page.getByRole("button", { name: "How long does email deliverability optimization take?" }).click();
      await page.getByText(ANSWER).waitFor();
      await page.getByText("© 2025 Maple Street IT. All rights reserved.").waitFor();
      expect(await page.locator('meta[name="theme-color"]').getAttribute("content")).toBe("#7cc4fa");
      await check(page, "visitor: a service page in the provider's words and colour");
      // The brand colour fills the primary buttons (its shade 7); axe above found every text on it readable.
      const filled = await page.evaluate(() =>
        getComputedStyle(document.documentElement).getPropertyValue("--mantine-color-blue-filled").trim(),
      );
      expect(filled).toBe("#7cc4fa");

      const staff = await openAsStaff(e2e, "/dashboard");
      await staff.page.getByText("Maple Street IT", { exact: false }).first().waitFor();
      expect(await staff.page.title()).toMatch(/\| Maple Street IT$/);
      await check(staff.page, "staff: the dashboard in the provider's colour", ["desktop"]);
    },
    SWEEP_TIMEOUT_MS,
  );
});
