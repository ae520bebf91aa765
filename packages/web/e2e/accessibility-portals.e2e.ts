// WCAG 2.2 AA, the second half of the sweep (e2e/axe-sweep.ts): the client portal's dashboard, ticket and
// inventory in their states, every screen of both portals while its data loads, the dialogs' motion, and
// no page scrolling sideways at 320 px (WCAG 1.4.10).
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { axeSweep, PUBLIC_PAGES, SWEEP_TIMEOUT_MS } from "./axe-sweep.js";
import { ACME, clientTickets, openAsClient } from "./client-session.js";
import { startE2EForFile } from "./harness.js";
import { openAsStaff } from "./staff-session.js";

const e2e = startE2EForFile();
const { check, checkWhenShown, checkInventoryAndEditDialog } = axeSweep();

/** How far the page scrolls sideways at its current width (0: not at all). */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

const NARROW = { width: 320, height: 640 };

describe("320 px wide (WCAG 1.4.10, as 1280 px at 400% zoom; 200% is 640 px)", () => {
  // One test per public page, and one per portal: all of them in one test outlasted 180 s on a busy CI
  // machine, as the public pages' axe sweep did.
  for (const [name, path] of PUBLIC_PAGES) {
    it(`${name} (${path}) never scrolls sideways`, async () => {
      const { page } = await e2e.open(path, { viewport: NARROW });
      await page.locator("h1").first().waitFor();
      expect(await sidewaysOverflow(page), `${name} at 320 px`).toBe(0);
    });
  }

  /** The screens' sideways overflow after each has loaded, naming the ones that scroll. */
  async function overflowingScreens(portal: Page, screens: string[]): Promise<string[]> {
    const overflows: string[] = [];
    for (const screen of screens) {
      await portal.goto(screen);
      await portal.getByRole("heading", { level: 1 }).first().waitFor();
      await portal.waitForLoadState("networkidle");
      if ((await sidewaysOverflow(portal)) > 0) overflows.push(`${screen}: ${await sidewaysOverflow(portal)} px`);
    }
    return overflows;
  }

  it("the client portal's screens never scroll sideways; only data tables may", async () => {
    const { page } = await openAsClient(e2e, "/client-dashboard", { viewport: NARROW });
    expect(await overflowingScreens(page, ["/client-dashboard", "/client/inventory"])).toEqual([]);
  });

  it("the staff portal's screens never scroll sideways; only data tables may", async () => {
    const { page } = await openAsStaff(e2e, "/dashboard", undefined, NARROW);
    const screens = ["/dashboard", "/inventory", "/users", "/clients", "/enquiries", "/mail", "/tickets/new"];
    expect(await overflowingScreens(page, screens)).toEqual([]);
  });
});

// Each test runs axe on several screen states, CPU work a busy machine slows most: the sweep's time limit.
describe("client portal", { timeout: SWEEP_TIMEOUT_MS }, () => {
  it("the dashboard, each tab, and the new-ticket form", async () => {
    const { page } = await openAsClient(e2e, "/client-dashboard");
    await page.getByRole("heading", { name: `Welcome, ${ACME.name}` }).waitFor();
    await checkWhenShown(page, page.getByRole("link", { name: /Front desk printer/ }).first(), "client: dashboard");

    await page.getByRole("button", { name: "New Ticket" }).click();
    await page.getByRole("button", { name: "Create Ticket" }).click();
    const error = page.getByText("Title must be at least 5 characters").first();
    await checkWhenShown(page, error, "client: dashboard, new ticket with errors");

    for (const tab of ["Device Inventory", "AI Assistant", "Company Profile"]) {
      await page.getByRole("tab", { name: tab }).click();
      await checkWhenShown(page, page.getByRole("tabpanel"), `client: dashboard, ${tab} tab`);
    }
  });

  it("a ticket, in edit mode, after a comment, and one not found", async () => {
    const { page, token } = await openAsClient(e2e, "/client-dashboard");
    const open = (await clientTickets(e2e, token)).find((ticket) => ticket.status === "NEW");
    if (!open) throw new Error("the seed has no NEW ticket for Acme");
    await page.goto(`/client/tickets/${open.id}`);
    await checkWhenShown(page, page.getByRole("button", { name: "Edit Ticket" }), "client: ticket");

    const comment = "The printer jammed again this morning.";
    await page.getByRole("textbox", { name: "Add a comment" }).fill(comment);
    await page.getByRole("button", { name: "Add Comment" }).click();
    await checkWhenShown(page, page.getByText(comment), "client: ticket, comment added");

    await page.getByRole("button", { name: "Edit Ticket" }).click();
    await checkWhenShown(page, page.getByRole("button", { name: "Save Changes" }), "client: ticket, editing");

    await page.goto("/client/tickets/00000000-0000-4000-8000-000000000000");
    await checkWhenShown(page, page.getByRole("link", { name: "Return to Dashboard" }), "client: ticket not found");
  });

  it("the inventory, filtered to nothing, and a device's edit dialog", async () => {
    const { page } = await openAsClient(e2e, "/client/inventory");
    await checkInventoryAndEditDialog(page, "client");

    await page.getByLabel("Search").fill("no-such-device-anywhere");
    await checkWhenShown(page, page.getByText("No devices found.", { exact: false }), "client: inventory, empty");
  });
});

describe("loading and motion", () => {
  /** Holds every API call of `page` until `release` is called, so the screens stay in their loading state. */
  async function holdApi(page: Page) {
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/(trpc|api)\//, async (route) => {
      await released;
      await route.continue().catch(() => {});
    });
    return release;
  }

  it(
    "the portals' screens while their data loads",
    async () => {
      /** Holds the signed-in `page`'s API calls, and checks each screen while it waits on them. */
      const checkLoading = async (page: Page, screens: [state: string, path: string][]) => {
        const release = await holdApi(page);
        for (const [state, path] of screens) {
          await page.goto(path);
          await page.getByRole("main").waitFor();
          await page.locator(".mantine-Loader-root, .mantine-Skeleton-root").first().waitFor();
          await check(page, state);
        }
        release();
      };

      await checkLoading((await openAsClient(e2e, "/client-auth")).page, [
        ["client: dashboard, loading", "/client"],
        ["client: inventory, loading", "/client/inventory"],
      ]);
      await checkLoading((await openAsStaff(e2e, "/admin")).page, [
        ["staff: dashboard, loading", "/dashboard"],
        ["staff: users, loading", "/users"],
        ["staff: reports, loading", "/reports"],
      ]);
    },
    SWEEP_TIMEOUT_MS,
  );

  it("skips the dialogs' transitions for a person who asks for reduced motion, and only for them", async () => {
    const transitionAfterOpen = async (reducedMotion: "reduce" | "no-preference") => {
      const { page } = await openAsClient(e2e, "/client/inventory", { reducedMotion });
      const edit = page.getByRole("button", { name: /^Edit / }).first();
      await edit.waitFor();
      await edit.click();
      await page.getByRole("dialog").waitFor();
      // The transition's duration, not whether it is still running: on a loaded machine a 200 ms
      // transition can be over before the page is asked.
      return page.locator(".mantine-Modal-content").evaluate((content) => getComputedStyle(content).transitionDuration);
    };
    expect(await transitionAfterOpen("no-preference")).not.toBe("0s");
    expect(await transitionAfterOpen("reduce")).toBe("0s");
  });
});
