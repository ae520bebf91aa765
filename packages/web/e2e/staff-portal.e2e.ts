// The staff portal in Chromium, against the real server over the demo seed: sign-in and sign-out, the
// dashboard's filters and paging, and a ticket's life on the ticket screen (create, edit, assign, delete).
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { MOBILE, startE2EForFile } from "./harness.js";
import { fillLabelled } from "./forms.js";
import {
  PASSWORD,
  STAFF,
  companyId,
  createTicket,
  findTickets,
  openAsStaff,
  pick,
  seeText,
  staffToken,
} from "./staff-session.js";

const e2e = startE2EForFile();

const ticketRows = (page: Page) => page.getByRole("table", { name: "Tickets" }).locator("tbody tr");

async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.getByLabel("Email").fill(email);
  await page.getByRole("textbox", { name: "Password" }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

const storedSession = (page: Page) =>
  page.evaluate(() => ({
    token: localStorage.getItem("auth_token"),
    user: JSON.parse(localStorage.getItem("user_data") ?? "null") as { role: string } | null,
    type: localStorage.getItem("auth_type"),
  }));

describe("staff sign-in and sign-out", () => {
  it("refuses a wrong password, then signs an admin in to the dashboard with an admin session", async () => {
    const { page } = await e2e.open("/admin");
    await page.getByRole("heading", { name: "Northwind IT Admin Portal" }).waitFor();
    await seeText(page, "Administrator and agent access only");

    await page.getByRole("button", { name: "Sign In" }).click();
    await seeText(page, "Please enter a valid email address");
    await seeText(page, "Password is required");

    await signIn(page, STAFF.admin.email, "not-the-password");
    await seeText(page, "Login failed");
    await seeText(page, "Invalid email or password");

    await signIn(page, STAFF.admin.email);
    await seeText(page, "Login successful");
    await seeText(page, "Welcome back, Alex Morgan!");
    await page.waitForURL("**/dashboard");
    const stored = await storedSession(page);
    expect(stored.token).toBeTruthy();
    expect(stored.type).toBe("admin");
    expect(stored.user?.role).toBe("ADMIN");
    await page.getByRole("banner").getByText("ADMIN", { exact: true }).waitFor();

    await page.getByRole("button", { name: "Sign Out" }).click();
    await page.waitForURL("**/admin");
    expect((await storedSession(page)).token).toBeNull();
    // The server ended the session too: the old token no longer reads anything.
    const after = await e2e.server.request("/api/tickets", { token: stored.token! });
    expect(after.status).toBe(401);
  });
});

describe("staff dashboard", () => {
  it("shows the metric cards and pages through the tickets 20 at a time", async () => {
    const token = await staffToken(e2e);
    const acme = await companyId(e2e, token, "Acme Dental");
    for (let n = 1; n <= 10; n += 1)
      await createTicket(e2e, token, { title: `Paging check ${n}`, clientId: acme, priority: "P4" });
    const { total } = (await (await e2e.server.request("/api/tickets?pageSize=1", { token })).json()) as {
      total: number;
    };

    const { page } = await openAsStaff(e2e, "/dashboard");
    for (const card of ["Open Tickets", "Overdue", "Due Today", "SLA At Risk"])
      await page.getByRole("group", { name: card }).waitFor();
    await seeText(page, `Showing 1–20 of ${total}`);
    expect(await ticketRows(page).count()).toBe(20);

    await page.getByRole("button", { name: "2", exact: true }).click();
    await seeText(page, `Showing 21–${Math.min(40, total)} of ${total}`);
    await expect.poll(() => ticketRows(page).count()).toBe(Math.min(20, total - 20));
    expect(new URL(page.url()).searchParams.get("page")).toBe("2");
  });

  it("filters by status, by priority and by search, starting again at page 1", async () => {
    const token = await staffToken(e2e);
    const closed = (await findTickets(e2e, token, "")).filter((t) => t.status === "CLOSED").length;
    const { page } = await openAsStaff(e2e, "/dashboard?page=2");
    await ticketRows(page).first().waitFor();

    await pick(page, "Status", "Closed");
    await expect.poll(() => ticketRows(page).count()).toBe(closed);
    for (const badge of await ticketRows(page).locator("td:nth-child(3)").allTextContents())
      expect(badge).toContain("Closed");
    expect(new URL(page.url()).searchParams.get("page")).toBeNull();

    await pick(page, "Status", "All Statuses");
    await pick(page, "Priority", "P4 Low");
    await page.getByRole("searchbox", { name: "Search" }).fill("Paging check");
    await expect.poll(() => ticketRows(page).count()).toBe(10);
    for (const badge of await ticketRows(page).locator("td:nth-child(4)").allTextContents())
      expect(badge).toBe("P4 Low");

    await page.getByRole("searchbox", { name: "Search" }).fill("VPN disconnects");
    await expect.poll(() => ticketRows(page).count()).toBe(0);
    await seeText(page, "No tickets match these filters.");
    await pick(page, "Priority", "All Priorities");
    await expect.poll(() => ticketRows(page).count()).toBe(1);

    await page.getByRole("link", { name: "VPN disconnects every few minutes" }).click();
    await page.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);
    await page.getByRole("heading", { name: "Ticket Details" }).waitFor();
  });
});

describe("staff portal on a phone", () => {
  it("lists tickets as cards and keeps the sections and sign-out in the menu", async () => {
    const { page } = await openAsStaff(e2e, "/dashboard", STAFF.agent.email, MOBILE);
    await page.getByRole("list", { name: "Tickets" }).getByRole("listitem").first().waitFor();
    expect(await page.getByRole("table", { name: "Tickets" }).count()).toBe(0);
    // No sideways scrolling on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("navigation", { name: "Staff portal (mobile)" });
    await menu.getByRole("link", { name: "Inventory" }).waitFor();
    expect(await menu.getByRole("link", { name: "Users" }).count()).toBe(0);
    await menu.getByRole("button", { name: "Sign Out" }).click();
    await page.waitForURL("**/admin");
  });
});

describe("staff ticket screen", () => {
  const title = "Front door badge reader offline";

  it("creates a ticket and returns to the dashboard, where it is listed", async () => {
    const { page } = await openAsStaff(e2e, "/dashboard");
    await page.getByRole("link", { name: "New Ticket" }).click();
    await page.waitForURL("**/tickets/new");
    await page.getByRole("heading", { name: "New Ticket", level: 1 }).waitFor();
    expect(await page.getByRole("combobox", { name: "Status" }).count()).toBe(0);

    // Browser-level required fields: an empty form is not sent.
    await page.getByRole("button", { name: "Create Ticket" }).click();
    expect(await page.getByLabel("Title").evaluate((el) => (el as HTMLInputElement).validity.valueMissing)).toBe(true);
    expect(new URL(page.url()).pathname).toBe("/tickets/new");

    await page.getByLabel("Title").fill(title);
    await pick(page, "Client", "Acme Dental");
    await page
      .getByLabel("Description")
      .fill("The badge reader at the front door shows a red light and lets nobody in.");
    await pick(page, "Type", "Incident");
    await pick(page, "Priority", "P2 High");
    await fillLabelled(page, { "Requester Name": "Dana Whitfield", "Requester Email": "client@acme.test" });
    await page.getByRole("button", { name: "Create Ticket" }).click();

    await seeText(page, "Ticket created");
    await seeText(page, /has been created successfully\.$/);
    await page.waitForURL("**/dashboard");
    await page.getByRole("link", { name: title }).waitFor();

    const [ticket] = await findTickets(e2e, await staffToken(e2e), title);
    expect(ticket).toMatchObject({ status: "NEW", priority: "P2", assigneeId: null });
  });

  it("edits and assigns the ticket, staying on it, with the change in its history", async () => {
    const token = await staffToken(e2e);
    const [ticket] = await findTickets(e2e, token, title);
    const { page } = await openAsStaff(e2e, `/tickets/${ticket!.id}`);
    await page.getByRole("heading", { name: `Ticket #${ticket!.id.slice(-8)}`, level: 1 }).waitFor();
    await seeText(page, /^Created:/);

    await pick(page, "Status", "In Progress");
    // Assign To: Unassigned, then the people who may be assigned: staff but never a VIEWER or a client.
    await page.getByRole("combobox", { name: "Assign To" }).click();
    const assignees = page.getByRole("listbox", { name: "Assign To" }).getByRole("option");
    await expect.poll(() => assignees.count()).toBeGreaterThan(1);
    expect(await assignees.allTextContents()).toEqual([
      "Unassigned",
      "Alex Morgan (admin@northwind.test)",
      "Sam Patel (agent@northwind.test)",
    ]);
    await assignees.filter({ hasText: "Sam Patel" }).click();
    await page.getByRole("button", { name: "Save Changes" }).click();

    await seeText(page, "Ticket updated");
    await seeText(page, `Ticket #${ticket!.id.slice(-8)} has been updated successfully.`);
    expect(new URL(page.url()).pathname).toBe(`/tickets/${ticket!.id}`);
    await page.locator("h1 + div").getByText("In Progress").waitFor();
    await seeText(page, "Status: New → In Progress");
    await seeText(page, "Assignee set to Sam Patel");

    const [saved] = await findTickets(e2e, token, title);
    expect(saved!.status).toBe("IN_PROGRESS");
    expect(saved!.assigneeId).toBeTruthy();
  });

  it("offers an AGENT no Delete Ticket, and the server refuses an agent's delete", async () => {
    const [ticket] = await findTickets(e2e, await staffToken(e2e), title);
    const { page, token } = await openAsStaff(e2e, `/tickets/${ticket!.id}`, STAFF.agent.email);
    await page.getByRole("button", { name: "Save Changes" }).waitFor();
    expect(await page.getByRole("button", { name: "Delete Ticket" }).count()).toBe(0);

    const refused = await e2e.server.request(`/api/tickets/${ticket!.id}`, { method: "DELETE", token });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: string }).error).toBe("Only administrators can delete tickets");
  });

  it("deletes as ADMIN after the confirm dialog, and returns to the dashboard", async () => {
    const [ticket] = await findTickets(e2e, await staffToken(e2e), title);
    const { page } = await openAsStaff(e2e, `/tickets/${ticket!.id}`);

    await page.getByRole("button", { name: "Delete Ticket" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete Ticket" });
    await dialog
      .getByText(
        "This action cannot be undone. All comments and audit logs associated with this ticket will also be permanently deleted.",
      )
      .waitFor();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });
    expect(await findTickets(e2e, await staffToken(e2e), title)).toHaveLength(1);

    await page.getByRole("button", { name: "Delete Ticket" }).click();
    await dialog.getByRole("button", { name: "Delete Permanently" }).click();
    await seeText(page, "Ticket deleted");
    await seeText(page, "The ticket has been permanently deleted.");
    await page.waitForURL("**/dashboard");
    expect(await findTickets(e2e, await staffToken(e2e), title)).toHaveLength(0);

    await page.goto(`/tickets/${ticket!.id}`);
    await seeText(page, "Ticket not found.");
  });
});
