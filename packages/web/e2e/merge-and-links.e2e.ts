// Merge, linked tickets and the viewer's reports (architecture.md §18) in Chromium: an agent merges a duplicate from
// its page, picking the ticket that stays by its number, and sees the pointer; links two tickets and sees
// the link on both pages; a VIEWER signs in through /admin and reads /reports.
import { describe, expect, it } from "vitest";
import { describeFindings, seriousViolations } from "./axe.js";
import { startE2EForFile } from "./harness.js";
import { PASSWORD, STAFF, companyId, createTicket, openAsStaff, staffToken } from "./staff-session.js";

const e2e = startE2EForFile();

const reference = (id: string) => id.slice(-8);

describe("merge and links", () => {
  it("merges a duplicate into the ticket found by its number, and shows the pointer", async () => {
    const token = await staffToken(e2e, STAFF.agent.email);
    const acme = await companyId(e2e, token, "Acme Dental");
    const kept = await createTicket(e2e, token, { title: "Scanner at reception offline", clientId: acme });
    const duplicate = await createTicket(e2e, token, { title: "Reception scanner not working", clientId: acme });

    const { page } = await openAsStaff(e2e, `/tickets/${duplicate.id}`, STAFF.agent.email);
    await page.getByRole("button", { name: "Merge into another ticket..." }).click();
    const dialog = page.getByRole("dialog", { name: "Merge into another ticket" });
    await dialog.getByRole("combobox", { name: "Merge into" }).fill(`#${reference(kept.id)}`);
    await page.getByRole("option", { name: new RegExp(`#${reference(kept.id)} Scanner at reception offline`) }).click();
    expect(describeFindings(await seriousViolations(page))).toEqual([]);
    await dialog.getByRole("button", { name: "Merge", exact: true }).click();

    // The duplicate now points at the ticket that stays, and is closed.
    const pointer = page.getByRole("link", { name: `Ticket #${reference(kept.id)}` });
    await pointer.waitFor();
    await page.getByText("Closed", { exact: true }).first().waitFor();
    await pointer.click();
    await page.waitForURL(`**/tickets/${kept.id}`);
    await page
      .getByRole("link", { name: `Ticket #${reference(duplicate.id)}: Reception scanner not working` })
      .waitFor();
    const after = await e2e.server.request(`/api/tickets/${duplicate.id}`, { token });
    expect(await after.json()).toMatchObject({ status: "CLOSED", mergedIntoId: kept.id });
  });

  it("links two tickets of different clients and lists the link on both pages", async () => {
    const token = await staffToken(e2e);
    const acme = await companyId(e2e, token, "Acme Dental");
    const birch = await companyId(e2e, token, "Birch Legal");
    const problem = await createTicket(e2e, token, { title: "Mail relay outage at the provider", clientId: acme });
    const symptom = await createTicket(e2e, token, { title: "Outgoing mail stuck in outbox", clientId: birch });

    const { page } = await openAsStaff(e2e, `/tickets/${symptom.id}`);
    await page.getByRole("combobox", { name: "Link a ticket" }).fill("Mail relay outage");
    await page.getByRole("option", { name: /Mail relay outage at the provider/ }).click();
    await page.getByRole("combobox", { name: "Relation" }).click();
    await page.getByRole("option", { name: "Caused by" }).click();
    await page.getByRole("button", { name: "Link", exact: true }).click();
    const list = page.getByRole("list", { name: "Linked tickets" });
    await list.getByText(/Caused by/).waitFor();
    await list.getByRole("link", { name: new RegExp(`#${reference(problem.id)}`) }).click();

    await page.waitForURL(`**/tickets/${problem.id}`);
    const back = page.getByRole("list", { name: "Linked tickets" });
    await back.getByText(/Causes/).waitFor();
    await back.getByRole("link", { name: new RegExp(`#${reference(symptom.id)}`) }).waitFor();
    expect(describeFindings(await seriousViolations(page))).toEqual([]);
  });

  it("lets a VIEWER sign in, land on the reports and see only what it can use", async () => {
    const { page } = await e2e.open("/admin");
    await page.getByLabel("Email").fill(STAFF.viewer.email);
    await page.getByRole("textbox", { name: "Password" }).fill(PASSWORD);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL("**/reports");
    // The demo seed names devices on a few recent tickets, so the new card draws its bars.
    await page
      .getByRole("region", { name: "Top devices with tickets" })
      .locator("svg.recharts-surface")
      .first()
      .waitFor();
    await page.getByRole("region", { name: "Tickets per client" }).locator("svg.recharts-surface").first().waitFor();

    const nav = page.getByRole("navigation", { name: "Staff portal" });
    expect(await nav.getByRole("link").allTextContents()).toEqual(["Enquiries", "Reports"]);
    // A screen built around writes sends the viewer back to the reports.
    await page.goto("/dashboard");
    await page.waitForURL("**/reports");
    expect(describeFindings(await seriousViolations(page))).toEqual([]);
  });
});
