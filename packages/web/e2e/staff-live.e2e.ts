// Live updates between two staff sessions in two browser contexts: what one saves, the other sees
// without reloading (docs/product-spec.md §4: ticket events refresh lists and metrics, a comment its ticket).
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { startE2EForFile } from "./harness.js";
import {
  STAFF,
  companyId,
  createTicket,
  findTickets,
  openAsStaff,
  pick,
  seeText,
  staffToken,
} from "./staff-session.js";
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

  it("keeps both people's changes when an agent and an admin edit one ticket (no silent overwrite)", async () => {
    const token = await staffToken(e2e);
    const ticket = await createTicket(e2e, token, {
      title: "Scanner saves to the wrong folder",
      clientId: await companyId(e2e, token, "Acme Dental"),
      priority: "P3",
    });
    const agent = await openAsStaff(e2e, `/tickets/${ticket.id}`, STAFF.agent.email);
    const admin = await openAsStaff(e2e, `/tickets/${ticket.id}`);
    await agent.page.getByLabel("Title").waitFor();
    await admin.page.getByLabel("Title").waitFor();

    // The agent starts editing the title; meanwhile the admin raises the priority and saves.
    await agent.page.getByLabel("Title").fill("Scanner saves to the old share");
    await pick(admin.page, "Priority", "P1 Critical");
    await admin.page.getByRole("button", { name: "Save Changes" }).click();
    await seeText(admin.page, "Ticket updated");

    // The agent saves. Either the live update set their change aside already (Save then waits, so the
    // click does nothing), or the server refuses the stale save (409): both end in the same notice.
    await agent.page.getByRole("button", { name: "Save Changes" }).click({ force: true });
    await seeText(agent.page, "Changed elsewhere");
    await seeText(agent.page, "Title: Scanner saves to the old share");
    expect(await agent.page.getByRole("combobox", { name: "Priority" }).inputValue()).toBe("P1 Critical");
    expect(await agent.page.getByLabel("Title").inputValue()).toBe("Scanner saves to the wrong folder");
    expect(await agent.page.getByRole("button", { name: "Save Changes" }).isDisabled()).toBe(true);

    await agent.page.getByRole("button", { name: "Re-apply my changes" }).click();
    expect(await agent.page.getByLabel("Title").inputValue()).toBe("Scanner saves to the old share");
    await agent.page.getByRole("button", { name: "Save Changes" }).click();
    await seeText(agent.page, "Ticket updated");

    const res = await e2e.server.request(`/api/tickets/${ticket.id}`, { token });
    const saved = (await res.json()) as { title: string; priority: string };
    expect(saved).toMatchObject({ title: "Scanner saves to the old share", priority: "P1" });
  });
});
