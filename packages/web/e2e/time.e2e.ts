// Time on tickets in Chromium (docs/features.md §10): the timer kept on the server across two tabs, time
// spent recorded with a reply, a draft from the page's own focus heartbeats accepted, and a week submitted by the agent
// and approved by an admin; axe on the new screens.
import { describe, expect, it } from "vitest";
import { describeFindings, seriousViolations } from "./axe.js";
import { startE2EForFile } from "./harness.js";
import { STAFF, findTickets, openAsStaff, pick, seeText, staffToken } from "./staff-session.js";

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
    const accept = page.getByRole("button", { name: /^Accept draft for/ }).first();
    await accept.waitFor();
    expect(describeFindings(await seriousViolations(page))).toEqual([]);
    await accept.click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Accept" }).click();
    await seeText(page, "Draft accepted");
    await expect.poll(() => page.getByRole("button", { name: /^Accept draft for/ }).count()).toBe(0);
  });

  it("lets the agent submit the week and an admin approve it", async () => {
    const { page } = await openAsStaff(e2e, "/time", STAFF.agent.email);
    await page.getByRole("button", { name: "Submit week" }).click();
    await seeText(page, "Timesheet submitted");
    await seeText(page, "Submitted");
    expect(await page.getByRole("button", { name: "Add time" }).count()).toBe(0);

    const admin = await openAsStaff(e2e, "/time", STAFF.admin.email);
    await pick(admin.page, "Person", "Sam Patel");
    await admin.page.getByRole("button", { name: "Approve" }).click();
    await seeText(admin.page, "Timesheet approved");
    await seeText(admin.page, "Approved");
    expect(describeFindings(await seriousViolations(admin.page))).toEqual([]);
  });
});
