import { describe, expect, it } from "vitest";
import { MOBILE, startE2EForFile } from "./harness.js";

const e2e = startE2EForFile();

describe("app shell in Chromium", () => {
  it("renders the home page with the shared header and footer", async () => {
    const { page } = await e2e.open("/");
    await expect.poll(() => page.locator("h1").first().textContent()).toContain("Small Business IT");
    expect(await page.locator('footer a[href="/contact?ref=footer"]').count()).toBe(1);
  });

  it("renders the 404 page for an unknown path", async () => {
    const { page } = await e2e.open("/no-such-page");
    await expect.poll(() => page.getByText("404 Page Not Found").count()).toBe(1);
    expect(await page.getByText("Did you forget to add the page to the router?").count()).toBe(1);
    // Inside the site's frame (docs/architecture.md §13): its header and footer, and the ways home and to the portal.
    expect(await page.locator("header").count()).toBeGreaterThan(0);
    expect(await page.locator('footer a[href="/contact?ref=footer"]').count()).toBe(1);
    await page.getByRole("main").getByRole("link", { name: "Client Portal" }).click();
    await page.waitForURL("**/client-auth");
  });

  it("sends a visitor without a session from a staff route to /admin", async () => {
    const { page } = await e2e.open("/dashboard", { viewport: MOBILE });
    await page.waitForURL("**/admin");
    expect(new URL(page.url()).pathname).toBe("/admin");
  });
});
