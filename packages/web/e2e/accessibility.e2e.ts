// Issue 16: axe-core's WCAG 2.0/2.1/2.2 A and AA rules on every screen (16 public pages, the client
// portal's dashboard, ticket and inventory, the staff portal's dashboard, ticket, new ticket, inventory,
// users, clients, enquiries and mail) and their states (empty, error, success, dialogs and menus open),
// each at desktop and at phone width: no violation of impact serious or critical. Every state of a screen
// is checked on one page, resized between the two widths, so the whole sweep needs one server.
import type { Locator, Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { type AxeFinding, describeFindings, seriousViolations } from "./axe.js";
import { ACME, clientTickets, openAsClient } from "./client-session.js";
import { DESKTOP, MOBILE, startE2EForFile } from "./harness.js";
import { waitForHydration } from "./site-helpers.js";
import { findTickets, openAsStaff, staffToken } from "./staff-session.js";

const e2e = startE2EForFile();
/** A sweep visits many screens, each checked by axe: on a busy two-core machine it outlasts one test's 60 s. */
const SWEEP_TIMEOUT_MS = 180_000;

type Width = "desktop" | "phone";
const VIEWPORTS: Record<Width, { width: number; height: number }> = { desktop: DESKTOP, phone: MOBILE };

/** Serious and critical findings per screen state and width, printed as a table when the file ends. */
const tally = new Map<string, { rules: number; nodes: number }>();

afterAll(() => {
  const rows = [...tally].map(([state, { rules, nodes }]) => `${state.padEnd(58)} ${rules} rules, ${nodes} nodes`);
  console.log(`axe serious/critical findings per screen state:\n${rows.join("\n")}`);
});

/**
 * Runs axe on `page` as it is at each of `widths` (both by default), records the findings under `state`,
 * and expects none. A soft expectation, so one screen's findings do not hide the next one's.
 */
async function check(page: Page, state: string, widths: Width[] = ["desktop", "phone"]): Promise<void> {
  for (const width of widths) {
    await page.setViewportSize(VIEWPORTS[width]);
    const findings: AxeFinding[] = await seriousViolations(page);
    tally.set(`${state} @ ${width}`, {
      rules: findings.length,
      nodes: findings.reduce((sum, finding) => sum + finding.targets.length, 0),
    });
    expect.soft(describeFindings(findings), `${state} at ${width} width`).toEqual([]);
  }
  await page.setViewportSize(DESKTOP);
}

/** Waits for `sign`, which shows that the screen reached `state`, then checks it as `check` does. */
async function checkWhenShown(page: Page, sign: Locator, state: string, widths?: Width[]): Promise<void> {
  await sign.waitFor();
  await check(page, state, widths);
}

/** Opens the dialog named `dialog` with its button (`opener`, by default the button of the same name) and checks it. */
async function checkDialog(
  page: Page,
  state: string,
  dialog: string,
  opener: string | Locator = dialog,
): Promise<void> {
  await (typeof opener === "string" ? page.getByRole("button", { name: opener }) : opener).click();
  await checkWhenShown(page, page.getByRole("dialog", { name: dialog }), state);
}

/** Either portal's inventory, then a device's edit dialog, closed again before the caller goes on. */
async function checkInventoryAndEditDialog(page: Page, portal: "client" | "staff"): Promise<void> {
  const edit = page.getByRole("button", { name: /^Edit / }).first();
  await checkWhenShown(page, edit, `${portal}: inventory`);

  await edit.click();
  await checkWhenShown(page, page.getByRole("dialog"), `${portal}: inventory, edit dialog`);
  await page.keyboard.press("Escape");
  await page.getByRole("dialog").waitFor({ state: "detached" });
}

const PUBLIC_PAGES: [string, string][] = [
  ["home", "/"],
  ["about", "/about"],
  ["contact", "/contact"],
  ["email deliverability", "/services/email-deliverability"],
  ["identity & device fast start", "/services/intune-fast-start"],
  ["cloud migration lite", "/services/cloud-migration-lite"],
  ["security hardening sprint", "/services/security-hardening-sprint"],
  ["device management", "/device-management"],
  ["email & collaboration", "/email-collaboration"],
  ["app & cloud setup", "/app-cloud"],
  ["security", "/security"],
  ["pricing", "/pricing"],
  ["submit a ticket", "/submit-ticket"],
  ["client sign-in", "/client-auth"],
  ["staff sign-in", "/admin"],
  ["404", "/no-such-page"],
];

describe("public pages", () => {
  it(
    "meet WCAG 2.2 AA at desktop and phone width",
    async () => {
      const { page } = await e2e.open("/");
      for (const [name, path] of PUBLIC_PAGES) {
        await page.goto(path);
        if (path !== "/admin" && path !== "/client-auth" && path !== "/no-such-page") await waitForHydration(page);
        await checkWhenShown(page, page.locator("h1").first(), `public: ${name}`);
      }
    },
    SWEEP_TIMEOUT_MS,
  );

  it("with the Services menu (desktop) and the mobile menu (phone) open, and an FAQ answer open", async () => {
    const { page } = await e2e.open("/services/email-deliverability");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Services" }).click();
    await checkWhenShown(page, page.getByRole("menu"), "public: services menu open", ["desktop"]);
    await page.keyboard.press("Escape");

    await page.setViewportSize(MOBILE);
    await page.getByRole("button", { name: "Open menu" }).click();
    await checkWhenShown(page, page.getByRole("navigation", { name: "Mobile" }), "public: mobile menu open", ["phone"]);
    await page.keyboard.press("Escape");

    await page.locator("[data-island] button[aria-expanded]").first().click();
    await check(page, "public: FAQ answer open");
  });

  it("the contact form with its errors, then sent", async () => {
    const { page } = await e2e.open("/contact");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Send Message" }).click();
    await checkWhenShown(page, page.getByText("First name is required").first(), "public: contact, errors");

    await page.getByRole("textbox", { name: "First Name", exact: true }).fill("Dana");
    await page.getByRole("textbox", { name: "Last Name", exact: true }).fill("Okafor");
    await page.getByRole("textbox", { name: "Email", exact: true }).fill("dana@okafor.test");
    await page.getByRole("textbox", { name: "Message", exact: true }).fill("We need our laptops encrypted.");
    await page.getByRole("button", { name: "Send Message" }).click();
    await checkWhenShown(page, page.getByRole("button", { name: "Send Another Message" }), "public: contact, sent");
  });

  it("the ticket form with its errors, then submitted", async () => {
    const { page } = await e2e.open("/submit-ticket");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Submit Support Ticket" }).click();
    await checkWhenShown(page, page.getByText("Name is required", { exact: true }), "public: submit a ticket, errors");

    const textbox = (name: string) => page.getByRole("textbox", { name, exact: true });
    await textbox("Your Name").fill("Priya Raman");
    await textbox("Email Address").fill("priya@birch-legal.test");
    await expect
      .poll(() => page.getByRole("combobox", { name: "Organization" }).locator("option").count())
      .toBeGreaterThan(1);
    await page.getByRole("combobox", { name: "Organization" }).selectOption({ label: "Birch Legal" });
    await textbox("Issue Summary").fill("Printer offline after update");
    await textbox("Detailed Description").fill("Nobody in the office can print since this morning's update.");
    await page.getByRole("button", { name: "Submit Support Ticket" }).click();
    const submitted = page.getByRole("heading", { name: "Ticket Submitted Successfully!" });
    await checkWhenShown(page, submitted, "public: submit a ticket, submitted");
  });

  it("the sign-in screens after a refused sign-in", async () => {
    const screens: [string, string][] = [
      ["client sign-in", "/client-auth"],
      ["staff sign-in", "/admin"],
    ];
    for (const [name, path] of screens) {
      const { page } = await e2e.open(path);
      await page.getByLabel("Email").fill(ACME.email);
      await page.getByLabel("Password", { exact: true }).fill("not-the-password");
      await page.getByRole("button", { name: "Sign In" }).click();
      await checkWhenShown(page, page.getByRole("alert").first(), `public: ${name}, refused`);
    }
  });
});

/** How far the page scrolls sideways at its current width (0: not at all). */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe("320 px wide (WCAG 1.4.10, as 1280 px at 400% zoom; 200% is 640 px)", () => {
  it(
    "the public pages and the portals' screens never scroll sideways; only data tables may",
    async () => {
      const { page } = await e2e.open("/", { viewport: { width: 320, height: 640 } });
      const overflows: string[] = [];
      for (const [name, path] of PUBLIC_PAGES) {
        await page.goto(path);
        await page.locator("h1").first().waitFor();
        if ((await sidewaysOverflow(page)) > 0) overflows.push(`${name}: ${await sidewaysOverflow(page)} px`);
      }
      const client = await openAsClient(e2e, "/client-dashboard", { viewport: { width: 320, height: 640 } });
      const staff = await openAsStaff(e2e, "/dashboard", undefined, { width: 320, height: 640 });
      for (const [portal, screen, ready] of [
        [client.page, "/client-dashboard", "heading"],
        [client.page, "/client/inventory", "heading"],
        [staff.page, "/dashboard", "heading"],
        [staff.page, "/inventory", "heading"],
        [staff.page, "/users", "heading"],
        [staff.page, "/clients", "heading"],
        [staff.page, "/enquiries", "heading"],
        [staff.page, "/mail", "heading"],
        [staff.page, "/tickets/new", "heading"],
      ] as const) {
        await portal.goto(screen);
        await portal.getByRole(ready, { level: 1 }).first().waitFor();
        await portal.waitForLoadState("networkidle");
        if ((await sidewaysOverflow(portal)) > 0) overflows.push(`${screen}: ${await sidewaysOverflow(portal)} px`);
      }
      expect(overflows).toEqual([]);
    },
    SWEEP_TIMEOUT_MS,
  );
});

describe("client portal", () => {
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

describe("staff portal", () => {
  it("the dashboard, its filter menu open, filtered to nothing, and the phone menu", async () => {
    const { page } = await openAsStaff(e2e, "/dashboard");
    await checkWhenShown(page, page.getByRole("link", { name: /Front desk printer/ }).first(), "staff: dashboard");

    await page.getByRole("combobox", { name: "Status" }).click();
    await checkWhenShown(page, page.getByRole("listbox"), "staff: dashboard, status menu open", ["desktop"]);
    await page.keyboard.press("Escape");

    await page.getByLabel("Search").fill("no-such-ticket-anywhere");
    await page
      .getByRole("link", { name: /Front desk printer/ })
      .first()
      .waitFor({ state: "detached" });
    await check(page, "staff: dashboard, empty");

    await page.setViewportSize(MOBILE);
    await page.getByRole("button", { name: "Open menu" }).click();
    await checkWhenShown(page, page.getByRole("dialog"), "staff: phone menu open", ["phone"]);
  });

  it("a ticket, its delete dialog, and the new-ticket form", async () => {
    const token = await staffToken(e2e);
    const [ticket] = await findTickets(e2e, token, "Front desk printer");
    const { page } = await openAsStaff(e2e, `/tickets/${ticket!.id}`);
    await checkWhenShown(page, page.getByRole("button", { name: "Save Changes" }), "staff: ticket");

    await checkDialog(page, "staff: ticket, delete dialog", "Delete Ticket");
    await page.getByRole("button", { name: "Cancel" }).last().click();

    // Its required fields are checked by the browser itself, whose messages axe cannot see.
    await page.goto("/tickets/new");
    await checkWhenShown(page, page.getByRole("button", { name: "Create Ticket" }), "staff: new ticket");
  });

  it("the inventory with its edit and import dialogs", async () => {
    const { page } = await openAsStaff(e2e, "/inventory");
    await checkInventoryAndEditDialog(page, "staff");

    await checkDialog(page, "staff: inventory, import dialog", "Import Devices from CSV", "Import CSV");
  });

  it("users, with a row's menu and the add dialog open", async () => {
    const { page } = await openAsStaff(e2e, "/users");
    await checkWhenShown(page, page.getByRole("cell", { name: "agent@northwind.test" }), "staff: users");

    await page.getByRole("button", { name: "Actions for Sam Patel" }).click();
    await checkWhenShown(page, page.getByRole("menu"), "staff: users, row menu open", ["desktop"]);
    await page.keyboard.press("Escape");

    await checkDialog(page, "staff: users, add dialog", "Add User");
  });

  it("clients with the add dialog, enquiries and mail", async () => {
    const { page } = await openAsStaff(e2e, "/clients");
    await checkWhenShown(page, page.getByRole("article", { name: "Acme Dental" }), "staff: clients");

    await checkDialog(page, "staff: clients, add dialog", "Add Client");

    // The enquiry sent by the contact form's test above.
    await page.goto("/enquiries");
    const enquiry = page.getByRole("article", { name: "Dana Okafor" });
    await checkWhenShown(page, enquiry, "staff: enquiries");
    await enquiry.getByRole("button", { name: "Notes" }).click();
    await checkWhenShown(page, enquiry.getByText("No notes yet."), "staff: enquiries, notes open");
    const convert = enquiry.getByRole("button", { name: "Convert to ticket" });
    await checkDialog(page, "staff: enquiries, convert dialog", "Convert Dana Okafor's enquiry to a ticket", convert);
    await page.keyboard.press("Escape");

    // The mails written for the tickets and the enquiry above.
    await page.goto("/mail");
    await checkWhenShown(page, page.locator(".mantine-Accordion-item").first(), "staff: mail");
  });
});
