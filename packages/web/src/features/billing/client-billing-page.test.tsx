import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { setupFakeApi } from "../../test/fake-api";
import { renderApp } from "../../test/render-app";
import { signInAs } from "../../test/sessions";
import { block, INVOICE_ID, invoice, invoiceSummary } from "./billing-fixtures";

const api = setupFakeApi();
const approved = { number: "INV-2026-0008", state: "open" as const };

function answerClient() {
  api.on({
    "billing.clientInvoices": () => [invoiceSummary(approved)],
    "billing.clientBlocks": () => [
      block(),
      block({ id: "blk2", minutes: 300, usedMinutes: 300, remainingMinutes: 0, expired: true }),
    ],
    "time.clientMonth": (input: { month: string }) => ({
      shown: true,
      month: input.month,
      totalMinutes: 95,
      tickets: [{ ticketId: "t1", ticketReference: "da8aadfb", ticketTitle: "Printer jams", minutes: 95 }],
    }),
    "billing.clientInvoice": () => invoice(approved),
  });
  signInAs("CLIENT", "Dana Whitfield");
}

describe("/client/billing", () => {
  it("shows the company's invoices, the hours left per block and this month's time, and opens an invoice", async () => {
    answerClient();
    renderApp("/client/billing");
    const invoices = await screen.findByRole("table", { name: "Your invoices" });
    expect(within(invoices).getByText("Open")).toBeTruthy();
    expect(await screen.findByText("2 h 30 min left of 10 h (7 h 30 min used)")).toBeTruthy();
    expect(screen.getByText("25% left")).toBeTruthy();
    expect(screen.getByText("Expired")).toBeTruthy();
    expect(await screen.findByText("1 h 35 min in total")).toBeTruthy();
    fireEvent.click(within(invoices).getByRole("link", { name: "Invoice INV-2026-0008" }));
    const doc = await screen.findByRole("article", { name: "Invoice INV-2026-0008" });
    expect(within(doc).getByText("Balance due")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Download PDF" })).toBeTruthy();
    expect(api.callsTo("billing.clientInvoice")[0]!.input).toEqual({ id: INVOICE_ID });
  });
});
