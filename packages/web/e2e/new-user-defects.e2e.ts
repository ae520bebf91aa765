// What a new user tripped over (issue 17), each defect as a person would see it in Chromium, at the
// widths the issue names.
import { MARKETING_PATHS } from "@repo/content";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { MOBILE, startE2EForFile } from "./harness.js";

const e2e = startE2EForFile();

const LAPTOP = { width: 1024, height: 768 };

/** True when the page itself scrolls sideways: something is wider than the window. */
function pageOverflows(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
}

describe("4. /submit-ticket is one click from every page", () => {
  const pages = [...MARKETING_PATHS, "/client-auth", "/admin", "/forgot-password", "/no-such-page"];

  for (const viewport of [LAPTOP, MOBILE]) {
    it(`shows a visible link to the ticket form on every page at ${viewport.width} px`, async () => {
      const { page } = await e2e.open("/", { viewport });
      for (const path of pages) {
        await page.goto(path);
        const link = page.locator('a[href="/submit-ticket"]:visible').first();
        await link.waitFor({ state: "visible" });
        expect(await link.isVisible(), path).toBe(true);
        expect(await pageOverflows(page), `${path} scrolls sideways`).toBe(false);
      }
    });
  }

  it("keeps the header's links and the ticket button on one line at 1024 px", async () => {
    const { page } = await e2e.open("/", { viewport: LAPTOP });
    const middles = await page
      .locator("header a:visible, header button:visible")
      .evaluateAll((nodes) => nodes.map((node) => Math.round(node.getBoundingClientRect().y + node.clientHeight / 2)));
    expect(middles.length).toBeGreaterThan(6);
    expect(Math.max(...middles) - Math.min(...middles)).toBeLessThanOrEqual(2);
  });

  it("leads from the header, the footer and the client sign-in to the form in one click", async () => {
    const { page } = await e2e.open("/pricing", { viewport: MOBILE });
    await page.locator('header a[href="/submit-ticket"]').click();
    await page.getByRole("heading", { name: "Submit a Support Ticket" }).waitFor();

    await page.goto("/contact");
    await page.locator('footer a[href="/submit-ticket"]').click();
    await page.getByRole("heading", { name: "Submit a Support Ticket" }).waitFor();

    await page.goto("/client-auth");
    await page.getByRole("link", { name: "Submit a support ticket" }).click();
    await page.getByRole("heading", { name: "Submit a Support Ticket" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/submit-ticket");
  });
});
