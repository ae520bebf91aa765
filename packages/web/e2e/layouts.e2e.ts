// Layouts at a phone's and a desktop's width (issue 36, items 11-14), by where things stand on screen: the
// staff ticket page leads with the conversation, the client portal's sections and tabs stay reachable on
// a phone, the reports' buttons and axes read whole, and the SPA shows it is loading before any script runs.
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { describeFindings, seriousViolations } from "./axe.js";
import { openAsClient } from "./client-session.js";
import { MOBILE, startE2EForFile } from "./harness.js";
import { openAsStaff } from "./staff-session.js";

const e2e = startE2EForFile();

const WIDE = { width: 1440, height: 900 };

async function box(locator: Locator) {
  await locator.waitFor();
  const found = await locator.boundingBox();
  if (!found) throw new Error("element has no box");
  return found;
}

async function expectNoAxeFindings(page: Page, state: string) {
  expect(describeFindings(await seriousViolations(page)), state).toEqual([]);
}

async function anyTicketId(): Promise<string> {
  const token = await e2e.server.login("admin@northwind.test");
  const response = await e2e.server.request("/api/tickets?pageSize=1", { token });
  const { tickets } = (await response.json()) as { tickets: { id: string }[] };
  return tickets[0]!.id;
}

describe("11. the staff ticket page", () => {
  it("puts the conversation before the edit form on a phone", async () => {
    const { page } = await openAsStaff(e2e, `/tickets/${await anyTicketId()}`, undefined, MOBILE);
    const conversation = await box(page.getByRole("region", { name: "Conversation" }));
    const details = await box(page.getByRole("region", { name: "Ticket Details" }));
    expect(conversation.y + conversation.height).toBeLessThanOrEqual(details.y);
    // The reply box is part of the conversation, so it comes before the form too.
    const reply = await box(page.getByRole("region", { name: "Conversation" }).getByRole("textbox").first());
    expect(reply.y).toBeLessThan(details.y);
    await expectNoAxeFindings(page, "ticket page on a phone");
  });

  it("makes the conversation the wide main column on a desktop, the form the side column", async () => {
    const { page } = await openAsStaff(e2e, `/tickets/${await anyTicketId()}`, undefined, WIDE);
    const conversation = await box(page.getByRole("region", { name: "Conversation" }));
    const details = await box(page.getByRole("region", { name: "Ticket Details" }));
    expect(conversation.width).toBeGreaterThan(details.width);
    expect(conversation.x + conversation.width).toBeLessThanOrEqual(details.x);
    // Side by side: the form starts level with the conversation, not below it.
    expect(Math.abs(details.y - conversation.y)).toBeLessThan(details.height);
    await expectNoAxeFindings(page, "ticket page on a desktop");
  });
});

describe("12. the client portal on a phone", () => {
  it("shows the Dashboard and Device Inventory links, each one tap away", async () => {
    const { page } = await openAsClient(e2e, "/client", { viewport: MOBILE });
    const nav = page.getByRole("navigation", { name: "Client portal" });
    for (const name of ["Dashboard", "Device Inventory"]) {
      const link = await box(nav.getByRole("link", { name }));
      expect(link.x).toBeGreaterThanOrEqual(0);
      expect(link.x + link.width).toBeLessThanOrEqual(MOBILE.width);
      expect(link.y + link.height).toBeLessThanOrEqual(MOBILE.height);
    }
    await nav.getByRole("link", { name: "Device Inventory" }).click();
    await page.waitForURL((url) => url.pathname === "/client/inventory");
    await page.getByRole("navigation", { name: "Client portal" }).getByRole("link", { name: "Dashboard" }).click();
    await page.waitForURL((url) => url.pathname === "/client");
  });

  it("shows every tab whole, or a hint at the clipped end that scrolls to the rest", async () => {
    const { page } = await openAsClient(e2e, "/client", { viewport: MOBILE });
    const list = page.getByRole("tablist");
    const tabs = page.getByRole("tab");
    await tabs.first().waitFor();
    const clippedTabs = async () => {
      const row = await box(list);
      const clipped: string[] = [];
      for (const tab of await tabs.all()) {
        const { x, width } = await box(tab);
        if (x < row.x - 1 || x + width > row.x + row.width + 1) clipped.push((await tab.textContent()) ?? "");
      }
      return clipped;
    };

    // At 390 px the four tabs do not fit: the last is clipped, and the hint on the right says so.
    expect(await clippedTabs()).toContain("Company Profile");
    const after = page.getByTestId("tabs-more-after");
    expect(await after.isVisible()).toBe(true);
    const hint = await box(after);
    const row = await box(list);
    expect(hint.x + hint.width).toBeLessThanOrEqual(row.x + row.width + 1);
    await expectNoAxeFindings(page, "client dashboard on a phone, tabs clipped");

    // A tap on the hint scrolls: the last tab comes whole into view, and the hint on the left appears.
    await after.click();
    await expect.poll(clippedTabs).not.toContain("Company Profile");
    expect(await page.getByTestId("tabs-more-before").isVisible()).toBe(true);
    await expect.poll(() => after.isVisible()).toBe(false);
  });

  it("scrolls a tab opened from the address into view, and shows every tab whole on a desktop", async () => {
    const { page } = await openAsClient(e2e, "/client?tab=profile", { viewport: MOBILE });
    const profile = page.getByRole("tab", { name: "Company Profile" });
    await profile.waitFor();
    const row = await box(page.getByRole("tablist"));
    await expect
      .poll(async () => {
        const tab = await box(profile);
        return tab.x + tab.width <= row.x + row.width + 1;
      })
      .toBe(true);

    await page.setViewportSize(WIDE);
    // The last tab was scrolled into view, so only "before" showed; it goes once the resize is observed.
    await expect.poll(() => page.getByTestId("tabs-more-before").count()).toBe(0);
    expect(await page.getByTestId("tabs-more-after").count()).toBe(0);
  });
});

describe("13. reports at 1440 px", () => {
  const RANGE = "/reports?from=2026-10-01&to=2026-11-30";

  it("shows each card's CSV button whole", async () => {
    const { page } = await openAsStaff(e2e, RANGE, undefined, WIDE);
    const buttons = page.getByRole("button", { name: /^Download CSV: / });
    await page
      .getByRole("region", { name: "Satisfaction per agent" })
      .locator("svg.recharts-surface")
      .first()
      .waitFor();
    expect(await buttons.count()).toBeGreaterThanOrEqual(8);
    for (const button of await buttons.all()) {
      const label = button.locator(".mantine-Button-label");
      expect(await label.textContent()).toBe("CSV");
      const { scrollWidth, clientWidth } = await label.evaluate((node) => ({
        scrollWidth: node.scrollWidth,
        clientWidth: node.clientWidth,
      }));
      expect(scrollWidth, (await button.getAttribute("aria-label")) ?? "").toBeLessThanOrEqual(clientWidth);
    }
  });

  it("labels count axes with whole numbers only", async () => {
    const { page } = await openAsStaff(e2e, RANGE, undefined, WIDE);
    const COUNT_CARDS = [
      "Tickets opened and resolved",
      "Time to first response",
      "Time to resolution",
      "Backlog by age",
      "Tickets per client",
      "Satisfaction per agent",
      "Satisfaction per client",
    ];
    for (const title of COUNT_CARDS) {
      const card = page.getByRole("region", { name: title });
      const ticks = card.locator(".recharts-cartesian-axis-tick-value");
      await ticks.first().waitFor();
      const numbers = (await ticks.allTextContents()).map((t) => t.trim()).filter((t) => /^-?[\d.,]+$/.test(t));
      expect(numbers.length, title).toBeGreaterThan(0);
      expect(
        numbers.filter((t) => !/^\d+$/.test(t.replaceAll(",", ""))),
        title,
      ).toEqual([]);
    }
    await expectNoAxeFindings(page, "reports at 1440 px");
  });
});

describe("14. the loading indicator", () => {
  it("is in the served HTML, inside #root, styled inline, with no stylesheet blocking it", async () => {
    const response = await e2e.server.request("/client");
    const html = await response.text();
    const root = html.indexOf('<div id="root">');
    const loader = html.indexOf('class="boot-loader"');
    expect(root).toBeGreaterThan(0);
    expect(loader).toBeGreaterThan(root);
    // No stylesheet holds back the first paint: each is fetched for print and applied by the app.
    const stylesheets = html.match(/<link rel="stylesheet"[^>]*>/g) ?? [];
    expect(stylesheets.filter((link) => !link.includes('media="print"'))).toEqual([]);
    expect(html).toMatch(/<style>[^<]*\.boot-loader\{/);
    // Inline styles are what the policy allows; an inline script would need its hash.
    expect(response.headers.get("content-security-policy")).toContain("style-src 'self' 'unsafe-inline'");
  });

  it("shows before any script runs, and holds still when motion is reduced", async () => {
    for (const reducedMotion of ["no-preference", "reduce"] as const) {
      const context = await e2e.browser.newContext({
        viewport: MOBILE,
        baseURL: e2e.server.url,
        javaScriptEnabled: false,
        reducedMotion,
      });
      try {
        const page = await context.newPage();
        await page.goto("/client");
        const status = page.getByRole("status");
        expect(await status.textContent()).toBe("Loading…");
        const { x, y, width, height } = await box(status);
        expect(x).toBeGreaterThanOrEqual(0);
        expect(y + height / 2).toBeLessThan(MOBILE.height);
        expect(width).toBeGreaterThan(0);
        const animation = await page
          .locator(".boot-loader__spinner")
          .evaluate((node) => getComputedStyle(node).animationName);
        expect(animation).toBe(reducedMotion === "reduce" ? "none" : "boot-loader-spin");
      } finally {
        await context.close();
      }
    }
  });

  it("stays on screen while the first screen's code is still on its way", async () => {
    const { page, context } = await openAsClient(e2e, "/client-auth", { viewport: MOBILE });
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await context.route(/\/assets\/client-dashboard-page-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    const opened = page.goto("/client");
    try {
      const loading = page.getByRole("status").filter({ hasText: "Loading…" });
      await expect.poll(() => loading.isVisible()).toBe(true);
    } finally {
      release();
      await opened;
    }
    await page.getByRole("tab", { name: "Support Tickets" }).waitFor();
    expect(await page.locator(".boot-loader").count()).toBe(0);
  });

  it("gives way to the app once it has loaded, with nothing refused by the policy", async () => {
    const context = await e2e.browser.newContext({ viewport: MOBILE, baseURL: e2e.server.url });
    try {
      const page = await context.newPage();
      const refused: string[] = [];
      page.on("console", (message) => {
        if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
      });
      await page.goto("/client-auth");
      await page
        .getByRole("button", { name: /sign in/i })
        .first()
        .waitFor();
      expect(await page.locator(".boot-loader").count()).toBe(0);
      expect(refused).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
