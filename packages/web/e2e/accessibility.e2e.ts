// WCAG 2.2 AA: axe-core's WCAG 2.0/2.1/2.2 A and AA rules (e2e/axe-sweep.ts) on the 17 public pages and the
// staff portal's dashboard, ticket, new ticket, inventory, users, clients, enquiries and mail, in their
// states (empty, error, success, dialogs and menus open), each at desktop and at phone width. The staff
// screens show the enquiry and the ticket the public forms sent, so both sweeps share one server; the
// client portal, the 320 px check and the loading states are in accessibility-portals.e2e.ts.
import { describe, expect, it } from "vitest";
import { axeSweep, PUBLIC_PAGES, SWEEP_TIMEOUT_MS } from "./axe-sweep.js";
import { ACME } from "./client-session.js";
import { MOBILE, startE2EForFile } from "./harness.js";
import { waitForHydration } from "./site-helpers.js";
import { findTickets, openAsStaff, staffToken } from "./staff-session.js";

const e2e = startE2EForFile();
const { check, checkWhenShown, checkDialog, checkInventoryAndEditDialog } = axeSweep();

describe("public pages", () => {
  // One test per page: the 17 pages at two widths in one test outlasted even the sweep's 180 s on a busy
  // CI machine.
  for (const [name, path] of PUBLIC_PAGES) {
    it(`${name} (${path}) meets WCAG 2.2 AA at desktop and phone width`, async () => {
      const { page } = await e2e.open(path);
      if (path !== "/admin" && path !== "/client-auth" && path !== "/no-such-page") await waitForHydration(page);
      await checkWhenShown(page, page.locator("h1").first(), `public: ${name}`);
    });
  }

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

  it("the status page once its live part has loaded, then its subscription sent", async () => {
    const { page } = await e2e.open("/status");
    await waitForHydration(page);
    await checkWhenShown(page, page.getByRole("heading", { name: "Services" }), "public: status, loaded");
    await page.getByRole("textbox", { name: "Email" }).fill("watcher@example.test");
    await page.getByRole("button", { name: "Subscribe" }).click();
    await checkWhenShown(page, page.getByText(/^Check your inbox/), "public: status, subscribed");
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

// Each test runs axe on several screen states, CPU work a busy machine slows most: the sweep's time limit.
describe("staff portal", { timeout: SWEEP_TIMEOUT_MS }, () => {
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

  it("integrations and automation: API keys, webhooks, rules, recurring tickets, check-in settings", async () => {
    const { page } = await openAsStaff(e2e, "/settings/api-keys");
    const heading = (name: string) => page.getByRole("heading", { name, level: 1 });
    await checkWhenShown(page, heading("API keys"), "staff: API keys");
    await checkDialog(page, "staff: API keys, create dialog", "Create API key");
    await page.keyboard.press("Escape");

    await page.goto("/settings/webhooks");
    await checkWhenShown(page, heading("Webhooks"), "staff: webhooks");
    await checkDialog(page, "staff: webhooks, add dialog", "Add webhook");
    await page.keyboard.press("Escape");

    await page.goto("/automation/rules");
    await checkWhenShown(page, heading("Automation rules"), "staff: automation rules");
    await page.getByRole("button", { name: "New rule" }).click();
    await checkWhenShown(page, page.getByRole("region", { name: "New rule" }), "staff: automation rules, editor");

    await page.goto("/automation/recurring");
    await checkWhenShown(page, heading("Recurring Tickets"), "staff: recurring tickets");
    await checkDialog(page, "staff: recurring tickets, new dialog", "New Recurring Ticket", "New Schedule");
    await page.keyboard.press("Escape");

    await page.goto("/settings/checkin");
    await checkWhenShown(page, heading("Check-in settings"), "staff: check-in settings");
  });
});
