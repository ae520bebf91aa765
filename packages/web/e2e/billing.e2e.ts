// Billing in Chromium (docs/features.md §11): an admin adds a recurring service to the catalogue, creates an
// agreement with it, runs the month, previews and approves the invoice and records a payment; the client
// opens the invoice from its billing screen. axe finds no serious violation on each new screen.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { describeFindings, seriousViolations } from "./axe.js";
import { ACME, openAsClient } from "./client-session.js";
import { DESKTOP, MOBILE, startE2EForFile } from "./harness.js";
import { openAsStaff, seeText } from "./staff-session.js";

const e2e = startE2EForFile();

/** Picks `option` (by substring) of the select labelled `label` inside `scope` (a dialog, a line). */
async function pickIn(page: Page, scope: ReturnType<Page["getByRole"]>, label: string, option: string) {
  await scope.getByRole("combobox", { name: label }).click();
  await page.getByRole("listbox", { name: label }).getByRole("option", { name: option }).click();
}

/** axe finds nothing serious at desktop and at phone width, where the page does not scroll sideways either. */
async function noSeriousViolations(page: Page, state = page.url()) {
  for (const viewport of [DESKTOP, MOBILE]) {
    await page.setViewportSize(viewport);
    expect(describeFindings(await seriousViolations(page)), `${state} at ${viewport.width} px`).toEqual([]);
  }
  // Laid out again at phone width: nothing wider than the screen (tables scroll inside their card).
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${state} scrolls sideways at ${MOBILE.width} px`).toBe(0);
  await page.setViewportSize(DESKTOP);
}

describe("billing", () => {
  let invoiceNumber = "";

  it("an admin creates an agreement, runs the month, approves the invoice and records a payment", async () => {
    // Billing is reached from the account page, as the timesheet is.
    const { page } = await openAsStaff(e2e, "/account");
    await page.getByRole("link", { name: "Billing" }).click();
    await page.getByRole("table", { name: "Invoices" }).or(page.getByText("No invoices match")).first().waitFor();
    await noSeriousViolations(page);
    await page.getByRole("navigation", { name: "Billing" }).getByRole("link", { name: "Settings" }).click();
    // The catalogue: a recurring service, priced in dollars.
    const catalogue = page.getByRole("region", { name: "Catalogue" });
    await catalogue.getByRole("button", { name: "Add item" }).click();
    const itemDialog = page.getByRole("dialog", { name: "Add a catalogue item" });
    await itemDialog.getByLabel("Name").fill("Managed seat");
    await itemDialog.getByLabel("Price ($)").fill("50");
    await itemDialog.getByRole("button", { name: "Add item" }).click();
    await seeText(page, "Item added");
    await catalogue.getByRole("cell", { name: "Managed seat", exact: true }).waitFor();
    await noSeriousViolations(page);

    // The agreement, then its line: a seat per active user.
    await page.getByRole("navigation", { name: "Billing" }).getByRole("link", { name: "Agreements" }).click();
    await page.getByRole("button", { name: "New agreement" }).click();
    const newDialog = page.getByRole("dialog", { name: "New agreement" });
    await pickIn(page, newDialog, "Company", ACME.company);
    await newDialog.getByRole("button", { name: "Create agreement" }).click();
    await seeText(page, "Agreement created");
    const line = page.getByRole("group", { name: "Line 1" });
    await page.getByRole("button", { name: "Add a line" }).click();
    await pickIn(page, line, "Service", "Managed seat");
    await pickIn(page, line, "Quantity", "Active users");
    await page.getByRole("button", { name: "Save agreement" }).click();
    await seeText(page, "Agreement saved");
    // A block of prepaid hours, its burn shown beside it.
    await page.getByRole("button", { name: "Add block" }).click();
    const block = page.getByRole("form", { name: "New block" });
    await block.getByLabel("Price ($)").fill("1000");
    await block.getByLabel("Overage rate ($/h)").fill("120");
    // By keyboard: the field's pills sit over its input, so a pointer would click those.
    await block.getByLabel("Work types it covers").focus();
    await page.keyboard.press("ArrowDown");
    await page.getByRole("option", { name: "Remote support" }).click();
    await page.keyboard.press("Escape");
    await block.getByRole("button", { name: "Add block" }).click();
    await seeText(page, "Block added");
    await page.getByRole("table", { name: "Blocks" }).getByText("0 min used, 10 h left").waitFor();
    await noSeriousViolations(page);

    // The run of this month (the picker's default): progress, then the draft beside the month before.
    await page.getByRole("navigation", { name: "Billing" }).getByRole("link", { name: "Billing run" }).click();
    await page.getByRole("button", { name: "Run", exact: true }).click();
    await seeText(page, "Billing run started");
    const draft = page.getByRole("region", { name: `${ACME.company}: Draft invoice` });
    await draft.waitFor();
    await page.getByRole("progressbar", { name: "Companies drafted" }).waitFor();
    await noSeriousViolations(page);
    await draft.getByRole("button", { name: `Approve the invoice for ${ACME.company}` }).click();
    await seeText(page, "Invoice approved");
    const approved = page.getByRole("region", { name: new RegExp(`^${ACME.company}: Invoice INV-`) });
    const link = approved.getByRole("link", { name: /^Invoice INV-/ });
    invoiceNumber = (await link.textContent())!.replace("Invoice ", "");

    // The invoice page: a payment of part of it.
    await link.click();
    const doc = page.getByRole("article", { name: `Invoice ${invoiceNumber}` });
    await doc.getByText("Managed seat", { exact: false }).first().waitFor();
    await noSeriousViolations(page);
    await page.getByRole("button", { name: "Record payment" }).click();
    const payment = page.getByRole("dialog", { name: "Record a payment" });
    await payment.getByLabel("Amount ($)").waitFor();
    await noSeriousViolations(page, "record payment dialog");
    await payment.getByLabel("Amount ($)").fill("10");
    await payment.getByLabel("Reference").fill("EFT 1001");
    await payment.getByRole("button", { name: "Record payment" }).click();
    await seeText(page, "Payment recorded");
    await doc.getByRole("table", { name: "Payments" }).getByText("EFT 1001").waitFor();

    await page.getByRole("navigation", { name: "Billing" }).getByRole("link", { name: "Invoices" }).click();
    await page
      .getByRole("table", { name: "Invoices" })
      .getByRole("link", { name: `Invoice ${invoiceNumber}` })
      .waitFor();
    await noSeriousViolations(page);
  });

  it("the client opens the invoice from the billing screen", async () => {
    expect(invoiceNumber).not.toBe("");
    // Billing is no dashboard tab: the company profile leads to it.
    const { page } = await openAsClient(e2e, "/client-dashboard");
    await page.getByRole("tab", { name: "Company Profile" }).click();
    await page.getByRole("link", { name: /^Billing/ }).click();
    const invoices = page.getByRole("table", { name: "Your invoices" });
    await invoices.getByRole("link", { name: `Invoice ${invoiceNumber}` }).waitFor();
    await page.getByText("10 h left of 10 h (0 min used)").waitFor();
    await noSeriousViolations(page);
    await invoices.getByRole("link", { name: `Invoice ${invoiceNumber}` }).click();
    const doc = page.getByRole("article", { name: `Invoice ${invoiceNumber}` });
    await doc.getByText("Balance due").waitFor();
    await doc.getByRole("table", { name: "Payments" }).getByText("EFT 1001").waitFor();
    await noSeriousViolations(page);
  });
});
