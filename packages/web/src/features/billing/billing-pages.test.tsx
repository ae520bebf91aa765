import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { failsWith } from "../../test/fake-api";
import { renderApp } from "../../test/render-app";
import { signInAs } from "../../test/sessions";
import { setupStaffTest } from "../../test/staff-test";
import {
  AGREEMENT_ID,
  agreement,
  billingSettings,
  catalogueItem,
  INVOICE_ID,
  invoice,
  invoiceSummary,
  REMOTE,
  SEATS,
  workType,
} from "./billing-fixtures";

const { api, answerDefaults } = setupStaffTest();

function answerBilling() {
  answerDefaults();
  api.on({
    "billing.settings": () => billingSettings,
    "billing.invoices": () => [
      invoiceSummary(),
      invoiceSummary({ id: "i2", number: "INV-2026-0007", state: "overdue", totalCents: 56_500, balanceCents: 6_500 }),
    ],
    "billing.invoice": () => invoice(),
    "billing.catalogue": () => [catalogueItem],
    "billing.taxCodes": () => [],
    "time.workTypes": () => [workType],
  });
}

/** Picks `option` of the select labelled `label` (Mantine renders its options in a portal). */
function pick(scope: { getByRole: typeof screen.getByRole }, label: string, option: string) {
  fireEvent.click(scope.getByRole("combobox", { name: label }));
  fireEvent.click(screen.getByRole("option", { name: option, hidden: true }));
}

describe("/billing", () => {
  it("lists invoices with their state and money, and filters by state", async () => {
    answerBilling();
    signInAs("ADMIN");
    renderApp("/billing");
    const table = await screen.findByRole("table", { name: "Invoices" });
    const row = within(table).getByRole("row", { name: /INV-2026-0007/ });
    expect(within(row).getByText("Overdue")).toBeTruthy();
    expect(within(row).getByText("$565.00")).toBeTruthy();
    expect(within(row).getByText("$65.00")).toBeTruthy();
    expect(within(table).getByRole("link", { name: "Draft invoice" })).toBeTruthy();
    pick(screen, "State", "Overdue");
    await waitFor(() => expect(api.callsTo("billing.invoices").at(-1)!.input).toEqual({ state: "overdue" }));
  });

  it("is reached from the account page, which shows an agent the link only where the server answers", async () => {
    answerDefaults();
    api.on({
      "billing.settings": failsWith("FORBIDDEN", "Prices and invoices are not shown to agents"),
      "account.sessions": () => ({ sessions: [] }),
      "account.passkeys": () => ({ passkeys: [] }),
      "account.secondFactor": () => ({ totp: false, recoveryCodesLeft: 0 }),
    });
    signInAs("AGENT");
    const { unmount } = renderApp("/account");
    await screen.findByRole("link", { name: "My timesheet" });
    await waitFor(() => expect(api.callsTo("billing.settings")).toHaveLength(1));
    expect(screen.queryByRole("link", { name: "Billing" })).toBeNull();
    unmount();

    api.on({ "billing.settings": () => billingSettings });
    signInAs("VIEWER");
    renderApp("/account");
    expect(await screen.findByRole("link", { name: "Billing" })).toBeTruthy();
  });
});

describe("/billing/invoices/$id", () => {
  it("shows the invoice's bill-to, lines, taxes and totals, and an admin approves the draft", async () => {
    answerBilling();
    api.on({ "billing.approveInvoice": () => invoice({ number: "INV-2026-0008", state: "open" }) });
    signInAs("ADMIN");
    renderApp(`/billing/invoices/${INVOICE_ID}`);
    const doc = await screen.findByRole("article", { name: "Draft invoice" });
    expect(within(doc).getByText("Acme Dental")).toBeTruthy();
    expect(within(doc).getByText("5 h")).toBeTruthy();
    expect(within(doc).getByText("$100.00/h")).toBeTruthy();
    expect(within(doc).getByText("HST 13% on $1,000.00")).toBeTruthy();
    expect(within(within(doc).getByRole("group", { name: "Totals" })).getByText("$1,130.00")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Approve" }));
    await api.expectSaved("Invoice approved", "billing.approveInvoice", { id: INVOICE_ID });
    expect(await screen.findByRole("article", { name: "Invoice INV-2026-0008" })).toBeTruthy();
  });

  it("adds a catalogue item in cents after saying what is wrong with the price", async () => {
    answerBilling();
    api.on({ "billing.addInvoiceItem": () => invoice() });
    signInAs("ADMIN");
    renderApp(`/billing/invoices/${INVOICE_ID}`);
    fireEvent.click(await screen.findByRole("button", { name: "Add item" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Add an item" }));
    await waitFor(() => expect(api.callsTo("billing.catalogue")).toHaveLength(1));
    pick(dialog, "From the catalogue", "Managed seat (Per user per month)");
    expect((dialog.getByLabelText(/^Unit price/) as HTMLInputElement).value).toBe("50.00");
    fireEvent.change(dialog.getByLabelText(/^Unit price/), { target: { value: "12.345" } });
    fireEvent.change(dialog.getByLabelText(/^Quantity/), { target: { value: "0" } });
    fireEvent.click(dialog.getByRole("button", { name: "Add item" }));
    expect(await dialog.findByText("Enter an amount in dollars, like 120 or 99.50")).toBeTruthy();
    expect(dialog.getByText("Quantity must be at least 1")).toBeTruthy();
    expect(api.callsTo("billing.addInvoiceItem")).toHaveLength(0);
    fireEvent.change(dialog.getByLabelText(/^Unit price/), { target: { value: "$1,212.50" } });
    fireEvent.change(dialog.getByLabelText(/^Quantity/), { target: { value: "2" } });
    fireEvent.click(dialog.getByRole("button", { name: "Add item" }));
    await api.expectSaved("Item added", "billing.addInvoiceItem", {
      invoiceId: INVOICE_ID,
      catalogueItemId: SEATS,
      description: "Managed seat",
      quantity: 2,
      unitPriceCents: 121_250,
      taxable: true,
    });
  });

  it("records a part payment on an approved invoice", async () => {
    answerBilling();
    const open = invoice({ number: "INV-2026-0008", state: "open" });
    api.on({
      "billing.invoice": () => open,
      "billing.recordPayment": () => ({ ...open, paidCents: 30_000, balanceCents: 83_000 }),
    });
    signInAs("ADMIN");
    renderApp(`/billing/invoices/${INVOICE_ID}`);
    expect(await screen.findByRole("button", { name: "Credit note" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Approve" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Record payment" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Record a payment" }));
    expect((dialog.getByLabelText(/^Amount/) as HTMLInputElement).value).toBe("1130.00");
    fireEvent.change(dialog.getByLabelText(/^Amount/), { target: { value: "300" } });
    fireEvent.change(dialog.getByLabelText(/^Paid on/), { target: { value: "2026-11-20" } });
    fireEvent.change(dialog.getByLabelText(/^Reference/), { target: { value: "EFT 991" } });
    fireEvent.click(dialog.getByRole("button", { name: "Record payment" }));
    await api.expectSaved("Payment recorded", "billing.recordPayment", {
      invoiceId: INVOICE_ID,
      paidOn: "2026-11-20",
      method: "eft",
      reference: "EFT 991",
      amountCents: 30_000,
    });
    expect(await screen.findByText("INV-2026-0008 now has a balance of $830.00.")).toBeTruthy();
  });

  it("drafts a credit note of two lines and opens it", async () => {
    answerBilling();
    const open = invoice({ number: "INV-2026-0008", state: "open" });
    const credit = invoice({
      id: "0190f3a2-0000-7000-8000-00000000a002",
      kind: "credit_note",
      creditsInvoiceId: INVOICE_ID,
      creditsInvoiceNumber: "INV-2026-0008",
      totalCents: -11_300,
    });
    api.on({
      "billing.invoice": (input: { id: string }) => (input.id === INVOICE_ID ? open : credit),
      "billing.createCreditNote": () => credit,
    });
    signInAs("ADMIN");
    renderApp(`/billing/invoices/${INVOICE_ID}`);
    fireEvent.click(await screen.findByRole("button", { name: "Credit note" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Credit note" }));
    fireEvent.change(dialog.getByLabelText(/^Line 1: amount/), { target: { value: "50" } });
    fireEvent.click(dialog.getByRole("button", { name: "Add a line" }));
    fireEvent.change(dialog.getByLabelText(/^Line 2: description/), { target: { value: "Printer visit" } });
    fireEvent.click(dialog.getByRole("button", { name: "Draft credit note" }));
    expect(await dialog.findByText("Amount is required")).toBeTruthy();
    fireEvent.change(dialog.getByLabelText(/^Line 2: amount/), { target: { value: "50" } });
    fireEvent.click(dialog.getAllByRole("checkbox", { name: "Taxable" })[1]!);
    fireEvent.click(dialog.getByRole("button", { name: "Draft credit note" }));
    await api.expectSaved("Credit note drafted", "billing.createCreditNote", {
      invoiceId: INVOICE_ID,
      lines: [
        { description: "Credit on INV-2026-0008", amountCents: 5_000, taxable: true },
        { description: "Printer visit", amountCents: 5_000, taxable: false },
      ],
    });
    expect(await screen.findByRole("article", { name: "Draft credit note" })).toBeTruthy();
    expect(screen.getByText("Credits invoice INV-2026-0008")).toBeTruthy();
  });

  it("discards a draft after asking, and goes back to the invoices", async () => {
    answerBilling();
    api.on({ "billing.discardInvoice": () => ({ success: true }) });
    signInAs("ADMIN");
    renderApp(`/billing/invoices/${INVOICE_ID}`);
    fireEvent.click(await screen.findByRole("button", { name: "Discard draft" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Discard this draft?" }));
    fireEvent.click(dialog.getByRole("button", { name: "Discard" }));
    await api.expectSaved("Draft discarded", "billing.discardInvoice", { id: INVOICE_ID });
    expect(await screen.findByRole("table", { name: "Invoices" })).toBeTruthy();
  });

  it("tells an agent the server's reason when the billing settings keep money from agents", async () => {
    answerBilling();
    api.on({ "billing.invoices": failsWith("FORBIDDEN", "Prices and invoices are not shown to agents") });
    signInAs("AGENT");
    renderApp("/billing");
    expect(await screen.findByText("Prices and invoices are not shown to agents")).toBeTruthy();
  });

  it("gives a viewer the invoice without any action", async () => {
    answerBilling();
    signInAs("VIEWER");
    renderApp(`/billing/invoices/${INVOICE_ID}`);
    expect(await screen.findByRole("article", { name: "Draft invoice" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Approve" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Add item" })).toBeNull();
  });
});

describe("/billing/run", () => {
  it("runs the month, shows the companies done while it goes, then the drafts with what changed", async () => {
    answerBilling();
    let polls = 0;
    const run = (status: string, done: number) => ({
      id: "r1",
      month: "2026-11",
      status,
      companiesTotal: 2,
      companiesDone: done,
      error: null,
      startedAt: "2026-11-28T09:00:00.000Z",
      finishedAt: null,
    });
    let drafted = false;
    api.on({
      "billing.month": (input: { month: string }) => ({
        month: input.month,
        run: null,
        invoices: drafted
          ? [{ ...invoiceSummary(), previousTotalCents: 100_000, changes: ["Managed seat: 8 → 10 users"] }]
          : [],
      }),
      "billing.startRun": () => run("running", 0),
      "billing.run": () => {
        polls += 1;
        if (polls >= 2) drafted = true;
        return polls >= 2 ? run("finished", 2) : run("running", 1);
      },
      "billing.approveInvoice": () => invoice({ number: "INV-2026-0009", state: "open" }),
    });
    signInAs("ADMIN");
    renderApp("/billing/run");
    expect(await screen.findByText(/No invoices for .* yet. Run the month/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Run" }));
    expect(await screen.findByText("1 of 2 companies drafted")).toBeTruthy();
    expect(await screen.findByText("2 of 2 companies drafted", undefined, { timeout: 3000 })).toBeTruthy();
    const card = within(await screen.findByRole("region", { name: "Acme Dental: Draft invoice" }));
    expect(card.getByText("Managed seat: 8 → 10 users")).toBeTruthy();
    expect(card.getByText("$1,000.00")).toBeTruthy();
    fireEvent.click(card.getByRole("button", { name: "Approve the invoice for Acme Dental" }));
    await api.expectSaved("Invoice approved", "billing.approveInvoice", { id: INVOICE_ID });
  });
});

describe("/billing/agreements/$id", () => {
  it("saves the lines and work types in cents with the version it was read at", async () => {
    answerBilling();
    api.on({
      "billing.agreement": () => agreement(),
      "billing.updateAgreement": () => agreement({ version: 4 }),
    });
    signInAs("ADMIN");
    renderApp(`/billing/agreements/${AGREEMENT_ID}`);
    expect(await screen.findByText("7 h 30 min used, 2 h 30 min left")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Add a line" }));
    const line = within(screen.getByRole("group", { name: "Line 1" }));
    await waitFor(() => expect(api.callsTo("billing.catalogue")).toHaveLength(1));
    pick(line, "Service", "Managed seat ($50.00 per user per month)");
    pick(line, "Quantity", "Active users on the billing day");
    pick(screen, "Remote support on this agreement", "At a rate");
    fireEvent.change(screen.getByLabelText("Remote support rate in dollars per hour"), { target: { value: "95" } });
    fireEvent.click(screen.getByRole("button", { name: "Save agreement" }));
    await api.expectSaved("Agreement saved", "billing.updateAgreement", {
      id: AGREEMENT_ID,
      version: 3,
      name: "Managed services",
      startDate: "2026-01-01",
      endDate: null,
      billingDay: 1,
      lines: [{ catalogueItemId: SEATS, quantitySource: "users", unitPriceCents: null }],
      workTypes: [{ workTypeId: REMOTE, treatment: "rate", hourlyRateCents: 9_500 }],
    });
  });
});

describe("/billing/settings", () => {
  it("adds a catalogue item priced in dollars and stored in cents", async () => {
    answerBilling();
    api.on({ "billing.createCatalogueItem": (input: object) => ({ ...catalogueItem, ...input, id: "new" }) });
    signInAs("ADMIN");
    renderApp("/billing/settings");
    const catalogue = within(await screen.findByRole("region", { name: "Catalogue" }));
    fireEvent.click(catalogue.getByRole("button", { name: "Add item" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Add a catalogue item" }));
    fireEvent.click(dialog.getByRole("button", { name: "Add item" }));
    expect(await dialog.findByText("Name is required")).toBeTruthy();
    expect(dialog.getByText("Price is required")).toBeTruthy();
    fireEvent.change(dialog.getByLabelText(/^Name/), { target: { value: "Backup per device" } });
    pick(dialog, "Priced", "Per device per month");
    fireEvent.change(dialog.getByLabelText(/^Price \(/), { target: { value: "7.5" } });
    fireEvent.click(dialog.getByRole("button", { name: "Add item" }));
    await api.expectSaved("Item added", "billing.createCatalogueItem", {
      name: "Backup per device",
      description: "",
      unit: "per_device_month",
      priceCents: 750,
      taxable: true,
    });
  });
});
