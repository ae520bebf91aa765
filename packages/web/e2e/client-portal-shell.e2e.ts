// As a client and an agent see them in Chromium: one way of writing dates
// (Toronto time, zone named, "ago" in lists), and the client portal's shell: the logo back to the website,
// tabs in the address, search of the tickets, and a ticket's progress with when to expect an answer.
import { formatDateTime } from "@repo/content";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { ACME, openAsClient } from "./client-session.js";
import { DESKTOP, MOBILE, startE2EForFile } from "./harness.js";
import { openAsStaff } from "./staff-session.js";

const e2e = startE2EForFile();

/** A client in Tokyo whose browser speaks American English: neither may change what the portal writes. */
const ABROAD = { timezoneId: "Asia/Tokyo", locale: "en-US" };

const path = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};

async function createClientTicket(token: string, title: string): Promise<{ id: string; createdAt: string }> {
  const response = await e2e.server.request("/api/client/tickets", {
    method: "POST",
    token,
    json: {
      title,
      description: "The laptop cannot see the office Wi-Fi since this morning.",
      type: "INCIDENT",
      priority: "P3",
      requesterName: ACME.name,
      requesterEmail: ACME.email,
    },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { id: string; createdAt: string };
}

describe("6. dates and times", () => {
  it("writes a ticket's times in Toronto time with the zone, whatever the browser's zone and locale", async () => {
    const { page, token } = await openAsClient(e2e, "/client", ABROAD);
    const ticket = await createClientTicket(token, "Laptop cannot join the office Wi-Fi");
    await page.goto(`/client/tickets/${ticket.id}`);

    const created = page.locator("dt", { hasText: "Created" }).locator("xpath=following-sibling::dd[1]");
    const expected = formatDateTime(ticket.createdAt, { zone: true });
    expect(expected).toMatch(/ E[SD]T$/);
    expect(await created.textContent()).toBe(expected);

    // The list says how long ago, with the exact time on hover.
    await page.goto("/client");
    const card = page.getByTestId("ticket-card").filter({ hasText: "Laptop cannot join the office Wi-Fi" });
    const when = card.locator("time");
    expect(await when.textContent()).toMatch(/^(just now|\d+ min ago)$/);
    expect(await when.getAttribute("title")).toBe(expected);
  });

  it("shows the staff list's last update as a relative time with the exact one on hover", async () => {
    const { page } = await openAsStaff(e2e, "/dashboard");
    const first = page.locator("tbody time").first();
    await first.waitFor();
    expect(await first.textContent()).toMatch(/^(just now|\d+ (min|h|d) ago|[A-Z][a-z]{2} \d{1,2}, \d{4})$/);
    expect(await first.getAttribute("title")).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [ap]\.m\. E[SD]T$/);
  });
});

describe("7. the client portal's shell", () => {
  for (const viewport of [DESKTOP, MOBILE]) {
    it(`leads back to the website from the logo at ${viewport.width} px`, async () => {
      const { page } = await openAsClient(e2e, "/client/inventory", { viewport });
      await page.getByRole("link", { name: "Northwind IT website" }).click();
      await page.waitForURL((url) => url.pathname === "/");
      expect(await page.locator("h1").first().isVisible()).toBe(true);
    });
  }

  it("keeps the open tab in the address: Back steps through the tabs and a link opens the assistant", async () => {
    const { page } = await openAsClient(e2e, "/client");
    await page.getByRole("tab", { name: "AI Assistant" }).click();
    await page.waitForURL((url) => url.searchParams.get("tab") === "assistant");
    await page.getByRole("tab", { name: "Company Profile" }).click();
    await page.waitForURL((url) => url.searchParams.get("tab") === "profile");

    await page.goBack();
    await page.waitForURL((url) => url.searchParams.get("tab") === "assistant");
    expect(await page.getByRole("tab", { name: "AI Assistant" }).getAttribute("aria-selected")).toBe("true");
    await page.goBack();
    await page.waitForURL((url) => !url.searchParams.has("tab"));
    expect(await page.getByRole("tab", { name: "Support Tickets" }).getAttribute("aria-selected")).toBe("true");

    await page.goto("/client-dashboard?tab=assistant");
    const assistant = page.getByRole("tab", { name: "AI Assistant" });
    await assistant.waitFor();
    expect(await assistant.getAttribute("aria-selected")).toBe("true");
    expect(await page.getByRole("tabpanel").getAttribute("aria-labelledby")).toBe(await assistant.getAttribute("id"));
  });

  it("keeps the four tabs on one line on a phone, without the page scrolling sideways", async () => {
    const { page } = await openAsClient(e2e, "/client", { viewport: MOBILE });
    const tabs = page.getByRole("tab");
    await tabs.first().waitFor();
    const tops = await tabs.evaluateAll((nodes) => nodes.map((node) => Math.round(node.getBoundingClientRect().top)));
    expect(tops).toHaveLength(4);
    expect(new Set(tops).size).toBe(1);
    const overflows = await page.evaluate(
      () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
    );
    expect(overflows).toBe(false);
  });

  it("opens the assistant on a phone with the message box in view, without scrolling by hand", async () => {
    const { page } = await openAsClient(e2e, "/client", { viewport: MOBILE });
    await page.getByRole("tab", { name: "AI Assistant" }).click();
    const box = page.getByRole("region", { name: "Chat with the AI assistant" }).getByLabel("Message");
    await box.waitFor();
    await expect.poll(async () => (await box.boundingBox())!.y).toBeGreaterThanOrEqual(0);
    const { y, height } = (await box.boundingBox())!;
    expect(y + height).toBeLessThanOrEqual(MOBILE.height);
  });

  it("searches, filters and sorts the tickets, keeps them in the address, and restores them after a ticket", async () => {
    const { page } = await openAsClient(e2e, "/client");
    const cards = page.getByTestId("ticket-card");
    await cards.first().waitFor();
    const total = await cards.count();

    await page.getByRole("textbox", { name: "Search" }).fill("printer");
    await page.waitForURL((url) => url.searchParams.get("q") === "printer");
    await page.getByText(`1 of ${total} tickets matches`).waitFor();
    expect(await cards.allTextContents()).toEqual([expect.stringContaining("Front desk printer jams")]);

    await cards.first().click();
    await page.waitForURL((url) => url.pathname.startsWith("/client/tickets/"));
    // The card that was clicked is gone: focus starts the new screen's <main> (WCAG 2.4.3).
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("main-content");
    await page.goBack();
    await page.waitForURL((url) => url.searchParams.get("q") === "printer");
    expect(await page.getByRole("textbox", { name: "Search" }).inputValue()).toBe("printer");
    await expect.poll(() => cards.count()).toBe(1);

    await page.goto("/client?status=resolved&sort=priority");
    await cards.first().waitFor();
    const titles = await cards.locator("p").first().allTextContents();
    expect(titles.length).toBeGreaterThan(0);
    const statuses = await cards.locator(".mantine-Badge-label").allTextContents();
    expect(statuses.filter((s) => s === "Resolved" || s === "Closed").length).toBe(await cards.count());

    await page.getByRole("textbox", { name: "Search" }).fill("no such words anywhere");
    await page.getByText("No tickets match your search.").waitFor();
    await page.getByRole("button", { name: "Clear search and filters" }).click();
    await page.waitForURL((url) => !url.searchParams.has("q") && !url.searchParams.has("status"));
    // The server searches (docs/architecture.md §8): the whole list comes back with the next answer.
    await expect.poll(() => cards.count()).toBe(total);
    expect(path(page)).toBe("/client?sort=priority");
  });

  it("shows a ticket's status timeline and when to expect the first answer", async () => {
    const { page, token } = await openAsClient(e2e, "/client", { viewport: MOBILE });
    const ticket = await createClientTicket(token, "Second monitor stays black");
    await page.goto(`/client/tickets/${ticket.id}`);

    const progress = page.getByRole("region", { name: "Progress" });
    await progress.waitFor();
    expect(await progress.getByTestId("ticket-next-step").textContent()).toMatch(
      /^You can expect our first answer by [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [ap]\.m\. E[SD]T\. We aim to resolve it by .+ E[SD]T\.$/,
    );
    expect(await progress.getByText(/^For P3 Medium tickets we answer within 1 business day/).isVisible()).toBe(true);
    expect(await progress.locator(".mantine-Timeline-itemTitle").allTextContents()).toEqual(["Opened as New"]);

    // An agent starts work and asks a question: the timeline grows and the clock is said to stand still.
    const staff = await e2e.server.login("agent@northwind.test");
    for (const status of ["IN_PROGRESS", "WAITING_CUSTOMER"]) {
      const response = await e2e.server.request(`/api/tickets/${ticket.id}`, {
        method: "PATCH",
        token: staff,
        json: { status },
      });
      expect(response.status).toBe(200);
    }
    await page.getByRole("button", { name: "Refresh" }).click();
    await progress.getByText("We are waiting for your reply", { exact: false }).waitFor();
    expect(await progress.locator(".mantine-Timeline-itemTitle").allTextContents()).toEqual([
      "Opened as New",
      "Set to In Progress",
      "Set to Waiting on Customer",
    ]);
  });
});

describe("the account page inside the client portal", () => {
  it("has exactly one <main>: the portal's, with the page's heading inside it", async () => {
    const { page } = await openAsClient(e2e, "/client/account");
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    expect(await page.locator("main").count()).toBe(1);
    expect(await page.locator("main h1").count()).toBeGreaterThan(0);
  });
});
