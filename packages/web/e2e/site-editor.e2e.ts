// The Website screen in a browser (docs/features.md §20): on a phone every tab fits the width and passes
// axe, and an admin's edit goes from the draft to the published site.
import { describe, expect, it } from "vitest";
import { describeFindings, seriousViolations } from "./axe.js";
import { MOBILE, startE2EForFile } from "./harness.js";
import { openAsStaff } from "./staff-session.js";

const e2e = startE2EForFile();

const overflows = (page: import("playwright-core").Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

describe("the Website screen", () => {
  it("fits a phone in every tab, without an axe finding", async () => {
    const { page } = await openAsStaff(e2e, "/settings/website", undefined, MOBILE);
    await page.getByLabel(/^Phone/).waitFor();
    for (const name of ["Identity", "Packages", "Service pages", "Added pages", "Pricing", "History"]) {
      await page.getByRole("tab", { name }).click();
      await page.getByRole("tabpanel").waitFor();
      expect(await overflows(page), name).toBe(false);
      expect(describeFindings(await seriousViolations(page)), name).toEqual([]);
      if (process.env.SITE_SCREENSHOTS)
        await page.screenshot({ path: `${process.env.SITE_SCREENSHOTS}/${name}.png`, fullPage: true });
    }
    // An added page's fields, its package's included, on a phone.
    await page.getByRole("tab", { name: "Added pages" }).click();
    await page.getByRole("button", { name: "Add a page" }).click();
    await page.getByRole("switch", { name: /Offer this page as a package/ }).check();
    await page.getByLabel(/^Price/).waitFor();
    expect(await overflows(page), "Added pages").toBe(false);
    expect(describeFindings(await seriousViolations(page)), "Added pages").toEqual([]);
  });

  it("saves an admin's phone number as the draft, and publishes it", async () => {
    const { page } = await openAsStaff(e2e, "/settings/website");
    await page.getByLabel(/^Phone/).fill("+1 (647) 555-0142");
    await page.getByRole("button", { name: "Save draft" }).click();
    await page.getByText(/Saved by/).waitFor();
    await page.getByRole("button", { name: "Publish" }).click();
    await page.getByText(/Editing starts a draft/).waitFor();
    const published = await e2e.server.request("/api/site-content/published");
    expect(((await published.json()) as { identity: { phone: string } }).identity.phone).toBe("+1 (647) 555-0142");
  });
});
