// What a new user tripped over, each defect as a person would see it in Chromium, at the
// widths where each showed.
import { MARKETING_PATHS } from "@repo/content";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { type E2E, MOBILE, startE2EForFile } from "./harness.js";
import { ACME, openAsClient } from "./client-session.js";
import { chooseDevicesCsv, companyId, openAsStaff, STAFF, seeText, staffToken } from "./staff-session.js";
import { apiLogin, PASSWORD, storeSession } from "./stored-session.js";

const e2e = startE2EForFile();

const LAPTOP = { width: 1024, height: 768 };
const DESKTOP = { width: 1280, height: 800 };
const WIDE = { width: 1440, height: 900 };

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

/** Every badge in `scope` whose text is cut (its scroll width above its client width), with both widths. */
function cutBadges(page: Page, scope: string): Promise<string[]> {
  return page
    .locator(scope)
    .first()
    .evaluate((root) =>
      [...root.querySelectorAll(".mantine-Badge-root, .mantine-Badge-label")]
        .filter((badge) => badge.scrollWidth > badge.clientWidth)
        .map((badge) => `${badge.textContent} (${badge.scrollWidth} > ${badge.clientWidth})`),
    );
}

/** A staff ticket made over REST, in any status: long titles and addresses are what squeeze a table. */
async function arrangeTicket(e2e: E2E, token: string, fields: Record<string, string>) {
  const response = await e2e.server.request("/api/tickets", {
    method: "POST",
    token,
    json: {
      description: "Arranged by the browser test.",
      type: "INCIDENT",
      requesterName: "Test Requester",
      requesterEmail: "requester@example.test",
      clientId: await companyId(e2e, token, "Acme Dental"),
      ...fields,
    },
  });
  if (!response.ok) throw new Error(`ticket creation failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as { id: string };
}

describe("1. Badges in data tables show their whole text", () => {
  const LONG = "Outlook on every laptop in the Mississauga office asks for the password again after the update";
  const UNBROKEN = "https://acme-dental.sharepoint.example/sites/finance/Shared%20Documents/Forms/AllItems.aspx";

  it("never cuts a status, priority or SLA badge on the staff dashboard at 390, 1024, 1280 and 1440 px", async () => {
    const token = await staffToken(e2e);
    await arrangeTicket(e2e, token, { title: LONG, status: "WAITING_CUSTOMER", priority: "P3" });
    await arrangeTicket(e2e, token, { title: UNBROKEN, status: "TRIAGED", priority: "P1" });

    for (const viewport of [MOBILE, LAPTOP, DESKTOP, WIDE]) {
      const { page } = await openAsStaff(e2e, "/dashboard", undefined, viewport);
      await seeText(page, LONG);
      await seeText(page, "Waiting on Customer");
      expect(await cutBadges(page, "body"), `at ${viewport.width} px`).toEqual([]);
      expect(await pageOverflows(page), `the page scrolls sideways at ${viewport.width} px`).toBe(false);
    }
  });

  it("never cuts the state badge of a ticket's Emails card at 1024 and 1440 px", async () => {
    const token = await staffToken(e2e);
    const ticket = await arrangeTicket(e2e, token, {
      title: "Front desk printer offline",
      requesterEmail: "front-desk.reception.downtown-clinic@acme-dental-group.example.test",
    });
    for (const viewport of [LAPTOP, WIDE]) {
      const { page } = await openAsStaff(e2e, `/tickets/${ticket.id}`, undefined, viewport);
      const emails = page.locator('section[aria-labelledby="ticket-mails-title"]');
      await emails.locator(".mantine-Badge-root").first().waitFor();
      expect(await cutBadges(page, 'section[aria-labelledby="ticket-mails-title"]')).toEqual([]);
      expect(await pageOverflows(page)).toBe(false);
    }
  });

  it("never cuts the row badges of the CSV import report at 1440 px", async () => {
    const { page } = await openAsStaff(e2e, "/inventory", undefined, WIDE);
    // The file is checked as soon as it is chosen; its report is what is measured.
    const dialog = await chooseDevicesCsv(
      page,
      "Acme Dental",
      "serialNumber,assignedUser,status\nE2E-BADGE-0001,Front desk,SPARE\n,Nobody at all in this clinic,BROKEN\n",
    );
    await dialog.getByTestId("import-report").getByText("Error", { exact: true }).waitFor();
    expect(await cutBadges(page, '[data-testid="import-report"]')).toEqual([]);
  });
});

/** The titles of the toasts on screen (Mantine notifications are alerts with a title). */
function toastTitles(page: Page): Promise<string[]> {
  return page
    .locator(".mantine-Notification-root")
    .evaluateAll((toasts) =>
      toasts.map((toast) => toast.querySelector(".mantine-Notification-title")?.textContent ?? ""),
    );
}

describe("3. Toasts show the newest message at once", () => {
  it("greets a client who mistyped the password with 'Login successful', not the stale 'Login failed'", async () => {
    const { page } = await e2e.open("/client-auth");
    // A clock of the test's own, paused below: "Login failed" cannot time out to make room for the next toast.
    await page.clock.install();
    await page.reload();
    await page.getByLabel("Email").fill(ACME.email);
    await page.getByLabel("Password", { exact: true }).fill("not-the-password");
    await page.getByRole("button", { name: "Sign In" }).click();
    await seeText(page, "Login failed");
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);

    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Sign In" }).click();
    await seeText(page, `Welcome back, ${ACME.name}!`);
    await page.clock.resume();
    await page.waitForURL("**/client-dashboard");
    await page.getByText("Login failed").waitFor({ state: "detached" });
    expect(await toastTitles(page)).toEqual(["Login successful"]);
  });

  it("shows a client's own 'Ticket created' at once, even when the live 'Ticket Updated' came first", async () => {
    const session = await apiLogin(e2e, "/api/client/login", ACME.email, "client");
    const { page } = await e2e.open("/client-auth");
    // A clock of the test's own: paused below, so no toast can time out and make room for a queued one.
    await page.clock.install();
    await storeSession(page, session, "client");
    const socket = page.waitForEvent("websocket");
    await page.goto("/client-dashboard");
    const live = await socket;

    await page.getByRole("button", { name: "New Ticket" }).click();
    const form = page.getByRole("form", { name: "New Ticket" });
    await form.getByLabel("Title").fill("Scanner at reception is offline");
    await form.getByLabel("Description").fill("The scanner stopped sending scans to the shared folder this morning.");

    // The server's answer is held until the live echo of the new ticket has arrived and shows.
    const echo = live.waitForEvent("framereceived", {
      predicate: (frame) => String(frame.payload).includes("ticket.created"),
    });
    await page.route("**/trpc/clientPortal.createTicket**", async (route) => {
      const response = await route.fetch();
      await echo;
      await page.getByText("Ticket Updated").waitFor();
      await route.fulfill({ response });
    });
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    await form.getByRole("button", { name: "Create Ticket" }).click();

    await seeText(page, "We'll be in touch soon.");
    await page.clock.resume();
    await page.getByText("Ticket Updated").waitFor({ state: "detached" });
    expect(await toastTitles(page)).toEqual(["Ticket created"]);
  });
});

/** How the device table lies in its box: sideways scroll, header cells over one another, cut badges. */
function deviceTableLayout(page: Page) {
  return page.locator("table").evaluate((table) => {
    // The table's scroll box: its nearest ancestor that may scroll sideways.
    let box = table.parentElement as HTMLElement;
    while (getComputedStyle(box).overflowX === "visible") box = box.parentElement as HTMLElement;
    const heads = [...box.querySelectorAll("thead th")].map((th) => th.getBoundingClientRect());
    const overlaps = heads.slice(1).filter((head, i) => head.left < (heads[i]?.right ?? 0) - 0.5).length;
    const outside = heads.filter((head) => head.right > box.getBoundingClientRect().right + 0.5).length;
    return { scrolls: box.scrollWidth > box.clientWidth, overlaps, outside };
  });
}

describe("2. The inventory table shows every column from 1024 px up", () => {
  for (const viewport of [LAPTOP, DESKTOP, { ...WIDE, height: 900 }]) {
    it(`fits the admin table in its card, no column over another, at ${viewport.width} px`, async () => {
      const { page } = await openAsStaff(e2e, "/inventory", undefined, viewport);
      await page.getByTestId("device-row").first().waitFor();
      expect(await deviceTableLayout(page)).toEqual({ scrolls: false, overlaps: 0, outside: 0 });
      expect(await cutBadges(page, "table")).toEqual([]);
      expect(await pageOverflows(page)).toBe(false);
    });
  }

  it("fits the client's table at 1024 px", async () => {
    const { page } = await openAsClient(e2e, "/client/inventory", { viewport: LAPTOP });
    await page.getByTestId("device-row").first().waitFor();
    expect(await deviceTableLayout(page)).toEqual({ scrolls: false, overlaps: 0, outside: 0 });
  });

  it("scrolls the table inside its card below 1024 px, and shows cards on a phone", async () => {
    const { page } = await openAsStaff(e2e, "/inventory", undefined, { width: 800, height: 900 });
    await page.getByTestId("device-row").first().waitFor();
    expect(await pageOverflows(page)).toBe(false);

    await page.setViewportSize(MOBILE);
    await page.getByTestId("device-card").first().waitFor();
    expect(await pageOverflows(page)).toBe(false);
  });
});

describe("5. A sign-in in another tab is noticed, not shown as errors", () => {
  it("tells the client tab that staff signed in in another tab, and sends the client to sign in again", async () => {
    const { page: client, context } = await openAsClient(e2e, "/client-dashboard");
    await seeText(client, `Welcome, ${ACME.name}`);

    const staff = await context.newPage();
    await staff.goto("/admin");
    await staff.getByLabel("Email").fill(STAFF.admin.email);
    await staff.getByRole("textbox", { name: "Password" }).fill(PASSWORD);
    await staff.getByRole("button", { name: "Sign In" }).click();
    await staff.waitForURL("**/dashboard");

    const notice = client.getByRole("dialog", { name: "Signed in as someone else" });
    await notice.waitFor();
    expect(await notice.textContent()).toContain("This browser is now signed in as Alex Morgan in another tab.");
    expect(await notice.getByRole("button", { name: "Continue as Alex Morgan" }).isVisible()).toBe(true);
    await notice.getByRole("button", { name: "Sign in again" }).click();
    await client.waitForURL("**/client-auth");
    await client.getByRole("heading", { name: "Client Login" }).waitFor();
  });

  it("tells a staff tab that it was signed out in another tab", async () => {
    const { page: staff, context } = await openAsStaff(e2e, "/dashboard");
    await staff.getByRole("table", { name: "Tickets" }).waitFor();

    const other = await context.newPage();
    await other.goto("/admin");
    await other.evaluate(() => localStorage.clear());

    const notice = staff.getByRole("dialog", { name: "You were signed out" });
    await notice.getByRole("button", { name: "Sign in again" }).click();
    await staff.waitForURL("**/admin");
  });

  it("says the conversation could not be loaded instead of showing the empty state", async () => {
    const { page } = await openAsClient(e2e, "/client-dashboard");
    await page.route("**/trpc/chat.history**", (route) =>
      route.fulfill({ status: 403, contentType: "application/json", body: "{}" }),
    );
    await page.getByRole("tab", { name: "AI Assistant" }).click();
    await seeText(page, "The conversation could not be loaded.");
    expect(await page.getByText("Start a conversation with your AI assistant!").count()).toBe(0);
  });
});

describe("11. Service pages on a phone", () => {
  it("keeps the footer's last line above the fixed Get a quote bar, and the home badge whole", async () => {
    const { page } = await e2e.open("/services/intune-fast-start", { viewport: MOBILE });
    const bar = page.getByTestId("mobile-quote-bar");
    await bar.waitFor({ state: "visible" });
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const copyright = page.getByText(/All rights reserved\./);
    const barTop = (await bar.boundingBox())!.y;
    const lineBottom = await copyright.evaluate((node) => node.getBoundingClientRect().bottom);
    expect(lineBottom).toBeLessThanOrEqual(barTop);

    await page.goto("/");
    const badge = page.locator("section").first().locator(".mantine-Badge-label").first();
    await badge.waitFor();
    // Its whole text shows: nothing is clipped (scroll size equals client size) and the page does not scroll sideways.
    const sizes = await badge.evaluate((node) => [
      node.scrollWidth - node.clientWidth,
      node.scrollHeight - node.clientHeight,
    ]);
    expect(sizes).toEqual([0, 0]);
    expect(await badge.evaluate((node) => node.getBoundingClientRect().right)).toBeLessThanOrEqual(MOBILE.width);
    expect(await pageOverflows(page)).toBe(false);
  });
});
