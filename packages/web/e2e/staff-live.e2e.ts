// Live updates between two staff sessions in two browser contexts: what one saves, the other sees
// without reloading (docs/product-spec.md §4: ticket events refresh lists and metrics, a comment its ticket).
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { startE2EForFile } from "./harness.js";
import { STAFF, findTickets, openAsStaff, pick, seeText, staffToken } from "./staff-session.js";
import { fillLabelled } from "./forms.js";

const e2e = startE2EForFile();

/** Marks the page, so a test can tell an update in place from a reload (which would drop the mark). */
async function markPage(page: Page) {
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
}
const stillSameDocument = (page: Page) =>
  page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument === true);
const openTickets = (page: Page) =>
  page.getByRole("group", { name: "Open Tickets" }).getByTestId("metric-Open Tickets");

describe("live updates between staff sessions", () => {
  it("shows a ticket created by an agent on the admin's dashboard, with the metrics refreshed", async () => {
    const admin = await openAsStaff(e2e, "/dashboard");
    await admin.page.getByRole("table", { name: "Tickets" }).waitFor();
    const before = Number(await openTickets(admin.page).textContent());
    await markPage(admin.page);

    const agent = await openAsStaff(e2e, "/tickets/new", STAFF.agent.email);
    await agent.page.getByLabel("Title").fill("Phones ring but calls drop");
    await pick(agent.page, "Client", "Birch Legal");
    await fillLabelled(agent.page, {
      Description: "Incoming calls drop after the first ring.",
      "Requester Name": "Jordan Birch",
      "Requester Email": "client@birch.test",
    });
    await agent.page.getByRole("button", { name: "Create Ticket" }).click();
    await agent.page.waitForURL("**/dashboard");

    await admin.page.getByRole("link", { name: "Phones ring but calls drop" }).waitFor();
    await expect.poll(async () => Number(await openTickets(admin.page).textContent())).toBe(before + 1);
    expect(await stillSameDocument(admin.page)).toBe(true);
    // A screen reader hears that the list changed (a polite live region).
    expect(await admin.page.getByTestId("live-announcer").textContent()).toMatch(/^Ticket #[0-9a-f]{8} changed\.\s?$/);
  });

  it("shows an agent's reply and status change on the ticket the admin has open", async () => {
    const [ticket] = await findTickets(e2e, await staffToken(e2e), "Phones ring but calls drop");
    const admin = await openAsStaff(e2e, `/tickets/${ticket!.id}`);
    await admin.page.getByRole("heading", { name: "Conversation" }).waitFor();
    await seeText(admin.page, "No replies or notes yet.");
    await markPage(admin.page);

    const agent = await openAsStaff(e2e, `/tickets/${ticket!.id}`, STAFF.agent.email);
    await agent.page.getByLabel("Reply to the client").fill("We are checking the SIP trunk now.");
    await agent.page.getByRole("button", { name: "Send Reply" }).click();
    await seeText(agent.page, "Reply sent");

    await seeText(admin.page, "We are checking the SIP trunk now.");

    await pick(agent.page, "Status", "Waiting on Customer");
    await agent.page.getByRole("button", { name: "Save Changes" }).click();
    await seeText(agent.page, "Ticket updated");

    await admin.page.locator("h1 + div").getByText("Waiting on Customer").waitFor();
    await expect
      .poll(() => admin.page.getByRole("combobox", { name: "Status" }).inputValue())
      .toBe("Waiting on Customer");
    expect(await stillSameDocument(admin.page)).toBe(true);
  });
});
