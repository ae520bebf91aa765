// Helpers of the staff-portal browser tests: the demo staff, a page already signed in, the staff REST
// calls the tests use to arrange data, and a few waits.
import type { Page } from "playwright-core";
import { expect } from "vitest";
import type { E2E } from "./harness.js";
import { apiLogin, storeSession } from "./stored-session.js";
import { chooseCsvFile, openDeviceImport } from "./device-import.js";

export const STAFF = {
  admin: { email: "admin@northwind.test", role: "ADMIN" },
  agent: { email: "agent@northwind.test", role: "AGENT" },
  viewer: { email: "viewer@northwind.test", role: "VIEWER" },
} as const;

export { PASSWORD } from "./stored-session.js";

/**
 * A page already signed in as a staff member: the token from the real login call, stored the way the
 * /admin screen stores it. Tests of the sign-in screen itself use the form instead.
 */
export async function openAsStaff(
  e2e: E2E,
  path: string,
  email: string = STAFF.admin.email,
  viewport?: { width: number; height: number },
) {
  const session = await apiLogin(e2e, "/api/auth/login", email, "staff");
  const opened = await e2e.open("/admin", { viewport });
  await storeSession(opened.page, session, "admin");
  await opened.page.goto(path);
  return { ...opened, token: session.token };
}

export async function staffToken(e2e: E2E, email: string = STAFF.admin.email): Promise<string> {
  return e2e.server.login(email);
}

interface StaffTicket {
  id: string;
  title: string;
  status: string;
  priority: string;
  assigneeId: string | null;
}

/** Every ticket whose text matches `q`, as staff see them. */
export async function findTickets(e2e: E2E, token: string, q: string): Promise<StaffTicket[]> {
  const response = await e2e.server.request(`/api/tickets?q=${encodeURIComponent(q)}&pageSize=100`, { token });
  if (!response.ok) throw new Error(`ticket search failed: ${response.status}`);
  return ((await response.json()) as { tickets: StaffTicket[] }).tickets;
}

export async function companyId(e2e: E2E, token: string, name: string): Promise<string> {
  const response = await e2e.server.request("/api/clients", { token });
  const { clients } = (await response.json()) as { clients: { id: string; name: string }[] };
  const company = clients.find((c) => c.name === name);
  if (!company) throw new Error(`no client "${name}"`);
  return company.id;
}

/** Creates a ticket over REST, as another staff tool would. */
export async function createTicket(
  e2e: E2E,
  token: string,
  fields: { title: string; clientId: string; priority?: string },
) {
  const response = await e2e.server.request("/api/tickets", {
    method: "POST",
    token,
    json: {
      description: "Arranged by the browser test.",
      type: "TASK",
      priority: fields.priority ?? "P3",
      requesterName: "Test Requester",
      requesterEmail: "requester@example.test",
      ...fields,
    },
  });
  if (!response.ok) throw new Error(`ticket creation failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as StaffTicket;
}

/** Waits until `text` is visible on the page. */
export async function seeText(page: Page, text: string | RegExp): Promise<void> {
  await page.getByText(text).first().waitFor({ state: "visible" });
}

/** Picks `option` in the Mantine select labelled `label`. */
export async function pick(page: Page, label: string, option: string | RegExp): Promise<void> {
  await page.getByRole("combobox", { name: label }).click();
  await page.getByRole("listbox", { name: label }).getByRole("option", { name: option }).click();
}

/**
 * In the inventory, opens Import CSV, picks `company` and chooses `csv` as devices.csv, which the dialog
 * checks at once; returns the dialog when the check's report shows.
 */
export async function chooseDevicesCsv(page: Page, company: string, csv: string) {
  const dialog = await openDeviceImport(page);
  const select = dialog.getByRole("combobox", { name: "Company" });
  await select.click();
  await page.getByRole("listbox", { name: "Company" }).getByRole("option", { name: company }).click();
  // The check runs only once a company is chosen: a file chosen before the pick has landed waits for one.
  await expect.poll(() => select.inputValue()).toBe(company);
  await chooseCsvFile(dialog, csv);
  // A failed check shows an alert instead of the report: say what it said rather than time out.
  const report = dialog.getByTestId("import-report");
  const problem = dialog.getByRole("alert");
  await report.or(problem).first().waitFor();
  if (!(await report.isVisible())) throw new Error(`The file's check failed: ${await problem.textContent()}`);
  return dialog;
}

/** As chooseDevicesCsv, then presses Import (enabled once the check has passed). */
export async function importDevicesCsv(page: Page, company: string, csv: string) {
  const dialog = await chooseDevicesCsv(page, company, csv);
  await dialog.getByRole("button", { name: "Import", exact: true }).click();
  return dialog;
}
