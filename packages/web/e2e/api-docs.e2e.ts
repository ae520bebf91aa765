// The interactive API reference at /api/docs: configured for our API's users, with no
// vendor menus, nothing refused by our CSP, and the bearer token ready to fill in; /favicon.ico found.
import { describe, expect, it } from "vitest";
import { startE2EForFile } from "./harness.js";

const e2e = startE2EForFile();

describe("/api/docs in Chromium", () => {
  it("shows our operations without the vendor's menus, with nothing refused and bearer auth chosen", async () => {
    const { page, context } = await e2e.open("about:blank");
    const refused: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") refused.push(message.text());
    });
    page.on("requestfailed", (request) => refused.push(`${request.url()} ${request.failure()?.errorText}`));
    await page.goto("/api/docs");
    await expect
      .poll(() => page.getByText("POST /api/auth/login").or(page.getByText("/auth/login")).count(), {
        timeout: 30_000,
      })
      .toBeGreaterThan(0);

    for (const vendorMenu of ["Ask AI", "Generate MCP", "Deploy", "Share"]) {
      expect(await page.getByRole("button", { name: vendorMenu }).count(), vendorMenu).toBe(0);
    }
    expect(await page.getByText("Bearer", { exact: false }).count()).toBeGreaterThan(0);
    expect(refused).toEqual([]);

    const favicon = await context.request.get("/favicon.ico");
    expect([favicon.status(), favicon.headers()["content-type"]]).toEqual([200, "image/svg+xml"]);
  });
});
