// WCAG 2.1.1: the main journeys with the keyboard alone, as a person who cannot use a mouse does them. No
// click and no fill: focus moves with Tab (a step fails when Tab never reaches the control it needs),
// text is typed into the focused field, and buttons, links and options are taken with Enter and arrows.
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { ACME } from "./client-session.js";
import { startE2EForFile } from "./harness.js";
import { waitForHydration } from "./site-helpers.js";
import { PASSWORD, STAFF, seeText } from "./staff-session.js";

const e2e = startE2EForFile();

/** At most this many Tab presses to reach a control: more means it is unreachable (or buried). */
const MAX_TABS = 80;

/** Presses Tab until `target` has the focus; fails when it never does. */
async function tabTo(page: Page, target: Locator): Promise<void> {
  await target.waitFor();
  for (let presses = 0; presses < MAX_TABS; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`Tab never reached ${target}`);
}

/** Tabs to the field and types `text` into it. */
async function typeInto(page: Page, field: Locator, text: string): Promise<void> {
  await tabTo(page, field);
  await page.keyboard.type(text);
}

/** Tabs to a button, link or option and takes it with Enter. */
async function activate(page: Page, target: Locator): Promise<void> {
  await tabTo(page, target);
  await page.keyboard.press("Enter");
}

/** Signs in on the sign-in page on screen, submitting with Enter, and waits for the landing page. */
async function signInByKeyboard(page: Page, email: string, landing: string): Promise<void> {
  await typeInto(page, page.getByLabel("Email"), email);
  await typeInto(page, page.getByLabel("Password", { exact: true }), PASSWORD);
  await page.keyboard.press("Enter");
  await page.waitForURL(landing);
}

/** Types a comment or reply into the box named `box`, sends it with the button, and waits to see it. */
async function postByKeyboard(page: Page, box: string, button: string, text: string): Promise<void> {
  await typeInto(page, page.getByRole("textbox", { name: box }), text);
  await activate(page, page.getByRole("button", { name: button }));
  await seeText(page, text);
}

/** The text of the focused element's accessible heading or its own text. */
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? "");

describe("keyboard only", () => {
  it("a visitor skips to the content and sends an enquiry; focus lands on the thank-you", async () => {
    const { page } = await e2e.open("/contact");
    await waitForHydration(page);
    // The skip link is the first stop and moves focus into <main>.
    await page.keyboard.press("Tab");
    expect(await focusedText(page)).toBe("Skip to main content");
    await page.keyboard.press("Enter");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("main-content");

    const textbox = (name: string) => page.getByRole("textbox", { name, exact: true });
    await typeInto(page, textbox("First Name"), "Dana");
    await typeInto(page, textbox("Last Name"), "Okafor");
    await typeInto(page, textbox("Email"), "dana@okafor.test");
    await typeInto(page, textbox("Message"), "Our twelve laptops need encrypting.");
    await activate(page, page.getByRole("button", { name: "Send Message" }));

    await page.getByRole("button", { name: "Send Another Message" }).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe("H2");
  });

  it("a requester submits a support ticket; focus lands on the confirmation", async () => {
    const { page } = await e2e.open("/submit-ticket");
    await waitForHydration(page);
    const organization = page.getByRole("combobox", { name: "Organization" });
    await expect.poll(() => organization.locator("option").count()).toBeGreaterThan(1);

    const textbox = (name: string) => page.getByRole("textbox", { name, exact: true });
    await typeInto(page, textbox("Your Name"), "Priya Raman");
    await typeInto(page, textbox("Email Address"), "priya@birch-legal.test");
    // A native select takes the typed start of an option's label.
    await typeInto(page, organization, "Birch");
    expect(await organization.locator("option:checked").textContent()).toBe("Birch Legal");
    await typeInto(page, textbox("Issue Summary"), "Scanner offline");
    await typeInto(page, textbox("Detailed Description"), "The scanner stopped appearing on the network.");
    await activate(page, page.getByRole("button", { name: "Submit Support Ticket" }));

    await page.getByRole("heading", { name: "Ticket Submitted Successfully!" }).waitFor();
    await expect.poll(() => focusedText(page)).toBe("Ticket Submitted Successfully!");
  });

  it("a client signs in, opens a ticket, comments on it, and creates a ticket", async () => {
    const { page } = await e2e.open("/client-auth");
    await signInByKeyboard(page, ACME.email, "**/client-dashboard");

    const ticket = page.getByRole("link", { name: /Front desk printer/ }).first();
    await activate(page, ticket);
    await page.waitForURL("**/client/tickets/**");
    await postByKeyboard(page, "Add a comment", "Add Comment", "Jammed again at 9 am.");

    await activate(page, page.getByRole("link", { name: "Back" }).first());
    await page.waitForURL(/\/client(-dashboard)?$/);
    await activate(page, page.getByRole("button", { name: "New Ticket" }));
    const form = page.getByRole("form", { name: "New Ticket" });
    // Focus moves into the form that opened, and back to its button once the ticket is created.
    await expect.poll(() => focusedText(page)).toBe("New Ticket");
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe("H2");
    await typeInto(page, form.getByRole("textbox", { name: "Title" }), "Headset for reception");
    await typeInto(page, form.getByRole("textbox", { name: "Description" }), "The old one crackles on every call.");
    await activate(page, form.getByRole("button", { name: "Create Ticket" }));
    await seeText(page, "Ticket created");
    await page
      .getByRole("link", { name: /Headset for reception/ })
      .first()
      .waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe("BUTTON");
    expect(await focusedText(page)).toBe("New Ticket");
  });

  it("an agent signs in, filters, opens a ticket, replies and assigns it", async () => {
    const { page } = await e2e.open("/admin");
    await signInByKeyboard(page, STAFF.agent.email, "**/dashboard");

    await typeInto(page, page.getByLabel("Search"), "iPads");
    const ticket = page.getByRole("link", { name: /hygienists' iPads/ });
    await expect.poll(() => page.getByRole("link", { name: /Front desk printer/ }).count()).toBe(0);
    await activate(page, ticket);
    await page.waitForURL("**/tickets/**");

    await postByKeyboard(page, "Reply to the client", "Send Reply", "A new profile is on its way.");

    // A Mantine select: arrows open it and move through the options, Enter picks one.
    const assignee = page.getByRole("combobox", { name: "Assign To" });
    await tabTo(page, assignee);
    await page.keyboard.press("ArrowDown");
    const option = page.getByRole("listbox", { name: "Assign To" }).getByRole("option", { name: /Sam Patel/ });
    await option.waitFor();
    for (let presses = 0; presses < 10 && (await option.getAttribute("data-combobox-selected")) === null; presses++)
      await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    expect(await assignee.inputValue()).toMatch(/Sam Patel/);
    await activate(page, page.getByRole("button", { name: "Save Changes" }));
    await seeText(page, "Ticket updated");
  });
});
