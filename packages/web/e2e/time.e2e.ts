// Time on tickets in Chromium (docs/features.md §10): the timer kept on the server across two tabs, time
// spent recorded with a reply, a draft from the page's own focus heartbeats accepted, and a week submitted by the agent
// and approved by an admin; an entry changed by its agent; the time settings and work types changed by an admin;
// a client's time by month; axe on the new screens.
import { describe, expect, it } from "vitest";
import { describeFindings, seriousViolations } from "./axe.js";
import { startE2EForFile } from "./harness.js";
import { openAsClient } from "./client-session.js";
import { STAFF, companyId, findTickets, openAsStaff, pick, seeText, staffToken } from "./staff-session.js";

const e2e = startE2EForFile();

async function ticketOf(title: string): Promise<{ id: string; title: string }> {
  const [ticket] = await findTickets(e2e, await staffToken(e2e), title);
  if (!ticket) throw new Error(`no ticket "${title}"`);
  return ticket;
}

describe("time", () => {
  it("keeps one timer on the server across two tabs, and records it when stopped in the other", async () => {
    const ticket = await ticketOf("Front desk printer jams on every second page");
    const { page, context } = await openAsStaff(e2e, `/tickets/${ticket.id}`, STAFF.agent.email);
    await page.getByRole("button", { name: "Start timer" }).click();
    await seeText(page, "Timer running on this ticket");
    expect(describeFindings(await seriousViolations(page))).toEqual([]);

    const other = await context.newPage();
    await other.goto(`/tickets/${ticket.id}`);
    await seeText(other, "Timer running on this ticket");
    await other.getByRole("button", { name: "Stop timer" }).click();
    await seeText(other, "Time recorded");
    await seeText(other, "No timer running.");
    await page.reload();
    await seeText(page, "No timer running.");
  });

  it("records time spent with a reply, and accepts a draft from the day's focus", async () => {
    const ticket = await ticketOf("Front desk printer jams on every second page");
    const { page } = await openAsStaff(e2e, `/tickets/${ticket.id}`, STAFF.agent.email);
    await page.getByRole("textbox", { name: "Reply to the client" }).fill("Replaced the fuser unit.");
    await page.getByRole("textbox", { name: "Time spent" }).fill("1h30");
    await page.getByRole("button", { name: "Send Reply" }).click();
    await seeText(page, "Reply sent");

    // The open, focused page sent its heartbeats, and the reply marked its minute: a draft of today.
    await page.getByRole("link", { name: "My timesheet" }).click();
    // The reply's 90 minutes are an entry of their own (the first test's timer recorded a minute too).
    await page.getByRole("table", { name: "Entries" }).getByText("1 h 30 min").first().waitFor();
    // This ticket's draft: the first test's ticket, focused longer than its timer ran, may have one too.
    const thisTicket = /^Accept draft for .*Front desk printer jams/;
    const accept = page.getByRole("button", { name: thisTicket }).first();
    await accept.waitFor();
    expect(describeFindings(await seriousViolations(page))).toEqual([]);
    await accept.click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Accept" }).click();
    await seeText(page, "Draft accepted");
    await expect.poll(() => page.getByRole("button", { name: thisTicket }).count()).toBe(0);
  });

  it("lets the agent change an entry with the quick add's form, before the week is submitted", async () => {
    const { page } = await openAsStaff(e2e, "/time", STAFF.agent.email);
    await page
      .getByRole("button", { name: /^Edit 1 h 30 min on / })
      .first()
      .click();
    const dialog = page.getByRole("dialog", { name: "Edit time" });
    await dialog.getByRole("textbox", { name: "Time spent" }).fill("1h45");
    await dialog.getByRole("textbox", { name: "Note" }).fill("Replaced and tested the fuser.");
    expect(describeFindings(await seriousViolations(page))).toEqual([]);
    await dialog.getByRole("button", { name: "Save" }).click();
    await seeText(page, "Time entry saved");
    const entries = page.getByRole("table", { name: "Entries" });
    await entries
      .getByRole("row", { name: /Replaced and tested the fuser\./ })
      .getByText("1 h 45 min")
      .waitFor();
  });

  it("lets the agent submit the week and an admin approve it", async () => {
    const { page } = await openAsStaff(e2e, "/time", STAFF.agent.email);
    await page.getByRole("button", { name: "Submit week" }).click();
    await seeText(page, "Timesheet submitted");
    await seeText(page, "Submitted");
    // The locked week loses its quick add once the refetched sheet renders, a moment after the toast.
    await page.getByRole("button", { name: "Add time" }).waitFor({ state: "detached" });

    const admin = await openAsStaff(e2e, "/time", STAFF.admin.email);
    await pick(admin.page, "Person", "Sam Patel");
    await admin.page.getByRole("button", { name: "Approve" }).click();
    await seeText(admin.page, "Timesheet approved");
    await seeText(admin.page, "Approved");
    expect(describeFindings(await seriousViolations(admin.page))).toEqual([]);
  });

  it("lets an admin change the rounding and add a work type from the timesheet's link", async () => {
    const { page } = await openAsStaff(e2e, "/time", STAFF.admin.email);
    await page.getByRole("link", { name: "Time settings" }).click();
    await page.getByRole("heading", { name: "Time settings" }).waitFor();
    await pick(page, "Round drafts up to", "15 minutes");
    await page.getByRole("button", { name: "Save time settings" }).click();
    await seeText(page, "Time settings saved");

    await page.getByRole("button", { name: "Add work type" }).click();
    const dialog = page.getByRole("dialog", { name: "Add work type" });
    await dialog.getByRole("textbox", { name: "Name" }).fill("Consulting");
    await dialog.getByRole("textbox", { name: "Hourly rate (CAD)" }).fill("150");
    await dialog.getByRole("button", { name: "Add work type" }).click();
    await seeText(page, "Work type added");
    await page
      .getByRole("table", { name: "Work types" })
      .getByRole("row", { name: /Consulting/ })
      .getByText("$150.00/h")
      .waitFor();
    expect(describeFindings(await seriousViolations(page))).toEqual([]);

    const settings = await e2e.server.request("/api/time/settings", { token: await staffToken(e2e) });
    expect(((await settings.json()) as { roundingMinutes: number }).roundingMinutes).toBe(15);
  });

  it("shows a client the company's time by month once its profile shows time", async () => {
    const token = await staffToken(e2e);
    const acme = await companyId(e2e, token, "Acme Dental");
    const shown = await e2e.server.request(`/api/clients/${acme}`, {
      method: "PATCH",
      token,
      json: { showTimeToClient: true },
    });
    expect(shown.status).toBe(200);

    const { page } = await openAsClient(e2e, "/client-dashboard?tab=profile");
    await page.getByRole("link", { name: "See your company's time by month" }).click();
    await page.getByRole("heading", { name: "Time by month" }).waitFor();
    const table = page.getByRole("table", { name: /^Billable time in / });
    await table.getByRole("link", { name: /Front desk printer jams on every second page/ }).waitFor();
    await table.getByRole("row", { name: /Total/ }).waitFor();
    expect(describeFindings(await seriousViolations(page))).toEqual([]);
  });
});
