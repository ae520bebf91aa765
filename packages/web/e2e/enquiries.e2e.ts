// The enquiry follow-up (docs/architecture.md §18) in Chromium: an agent moves an enquiry on, notes a call, turns the
// support request it really is into a ticket for the right client.
import { describe, expect, it } from "vitest";
import { startE2EForFile } from "./harness.js";
import { openAsStaff, STAFF } from "./staff-session.js";

const e2e = startE2EForFile();

describe("enquiries", () => {
  it("sets status and owner, keeps a note, and converts the enquiry into a ticket once", async () => {
    const sent = await e2e.server.request("/api/contact", {
      method: "POST",
      json: {
        firstName: "Grace",
        lastName: "Hopper",
        email: "grace@acme.test",
        company: "Acme Dental",
        service: "email-deliverability",
        message: "Our invoices land in customers' spam folders since Monday.",
      },
    });
    expect(sent.status).toBe(200);

    const { page } = await openAsStaff(e2e, "/enquiries", STAFF.agent.email);
    const card = page.getByRole("article", { name: "Grace Hopper" });
    await card.waitFor();
    await card.getByText("New", { exact: true }).waitFor();

    await card.getByLabel("Status of Grace Hopper's enquiry").click();
    await page.getByRole("option", { name: "Contacted" }).click();
    await card.getByText("Contacted", { exact: true }).first().waitFor();
    await card.getByLabel("Owner of Grace Hopper's enquiry").click();
    await page.getByRole("option", { name: "Sam Patel (agent@northwind.test)" }).click();
    await expect
      .poll(() => card.getByLabel("Owner of Grace Hopper's enquiry").inputValue())
      .toBe("Sam Patel (agent@northwind.test)");

    await card.getByRole("button", { name: "Notes" }).click();
    await card.getByText("No notes yet.").waitFor();
    await card.getByLabel("New note").fill("Called Grace: it is their mail server, not a sale.");
    await card.getByRole("button", { name: "Add note" }).click();
    // Polled, not read once: the text can show before the list settles after the note's refetch.
    await expect
      .poll(() => card.getByRole("list", { name: "Notes" }).getByRole("listitem").allTextContents())
      .toEqual([expect.stringMatching(/^Called Grace: it is their mail server, not a sale\.Sam Patel · just now$/)]);

    await card.getByRole("button", { name: "Convert to ticket" }).click();
    const dialog = page.getByRole("dialog", { name: "Convert Grace Hopper's enquiry to a ticket" });
    await dialog.getByLabel("Client").click();
    await page.getByRole("option", { name: "Acme Dental" }).click();
    await dialog.getByRole("button", { name: "Create ticket" }).click();
    await page.getByText("Ticket created").waitFor();

    const link = card.getByRole("link", { name: /^Ticket #/ });
    await link.waitFor();
    expect(await card.getByRole("button", { name: "Convert to ticket" }).count()).toBe(0);
    await link.click();
    await page.waitForURL((url) => url.pathname.startsWith("/tickets/"));
    expect(await page.getByRole("textbox", { name: "Title" }).inputValue()).toBe(
      "Our invoices land in customers' spam folders since Monday.",
    );
    expect(await page.getByRole("textbox", { name: "Requester Email" }).inputValue()).toBe("grace@acme.test");
  });
});
