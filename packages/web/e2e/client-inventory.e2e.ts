// The client's device inventory in Chromium over the demo seed (Acme Dental: 12 devices, 2 spare, 3 at
// risk): filters, sort, edit, CSV export of the current filters, add, CSV import, and no Delete.
import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { MOBILE, startE2EForFile } from "./harness.js";
import { openAsClient, seeText } from "./client-session.js";
import { fillLabelled } from "./forms.js";
import { chooseCsvFile, openDeviceImport } from "./device-import.js";

const e2e = startE2EForFile();

async function openInventory(options: { viewport?: { width: number; height: number } } = {}) {
  const opened = await openAsClient(e2e, "/client/inventory", options);
  await opened.page.getByRole("heading", { name: "Device Inventory" }).waitFor();
  return opened;
}

const metric = (page: import("playwright-core").Page, key: string) => page.getByTestId(`metric-${key}`);
/** The Status filter's input (its open list carries the same label). */
const statusSelect = (page: import("playwright-core").Page) =>
  page.locator("input").and(page.getByLabel("Status", { exact: true }));
const rows = (page: import("playwright-core").Page) => page.getByTestId("device-row");

describe("client device inventory", () => {
  it("lists the company's devices with the five metrics, and offers no Delete", async () => {
    const { page } = await openInventory();
    await expect.poll(() => rows(page).count()).toBe(12);

    expect(await metric(page, "total").textContent()).toBe("12");
    expect(await metric(page, "inUse").textContent()).toBe("8");
    expect(await metric(page, "available").textContent()).toBe("2");
    expect(await metric(page, "atRisk").textContent()).toBe("3");
    expect(await page.getByText("BIRCH-", { exact: false }).count()).toBe(0);
    expect(await page.getByRole("button", { name: /^Delete / }).count()).toBe(0);
  });

  it("filters by status and search, and sorts by a column", async () => {
    const { page } = await openInventory();
    await expect.poll(() => rows(page).count()).toBe(12);

    await statusSelect(page).click();
    await page.getByRole("option", { name: "Available" }).click();
    await expect.poll(() => rows(page).count()).toBe(2);
    expect(await metric(page, "total").textContent()).toBe("2");

    await statusSelect(page).click();
    await page.getByRole("option", { name: "All statuses" }).click();
    await page.getByLabel("Search").fill("ipad");
    await expect.poll(() => rows(page).count()).toBe(2);

    await page.getByLabel("Search").fill("");
    await expect.poll(() => rows(page).count()).toBe(12);
    await page.getByRole("button", { name: "Serial Number" }).click();
    await page.getByRole("button", { name: /Serial Number/ }).click();
    await expect.poll(() => rows(page).first().textContent()).toContain("ACME-TB-0006");
  });

  it("edits a device and shows the change", async () => {
    const { page, token } = await openInventory();
    await page.getByRole("button", { name: "Edit ACME-LT-0008" }).click();
    const dialog = page.getByRole("dialog");
    await fillLabelled(dialog, { Location: "Front office drawer", "Warranty Expiry": "2029-01-31" });
    await dialog.getByRole("button", { name: "Save Changes" }).click();

    await seeText(page, "Device updated successfully");
    await rows(page).filter({ hasText: "ACME-LT-0008" }).getByText("Front office drawer").waitFor();
    const devices = (await (await e2e.server.request("/api/devices?q=ACME-LT-0008", { token })).json()) as Record<
      string,
      unknown
    >[];
    expect(devices[0]).toMatchObject({ location: "Front office drawer", warrantyExpiry: "2029-01-31" });
  });

  it("exports the current filters as devices.csv", async () => {
    const { page } = await openInventory();
    await statusSelect(page).click();
    await page.getByRole("option", { name: "In Repair" }).click();
    await expect.poll(() => rows(page).count()).toBe(1);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export CSV" }).click(),
    ]);
    await seeText(page, "Devices exported successfully");
    expect(download.suggestedFilename()).toBe("devices.csv");
    const csv = await readFile((await download.path())!, "utf8");
    const lines = csv.trim().split(/\r?\n/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain("ACME-SV-0010");
  });

  it("adds a device, then imports a CSV with a per-row report", async () => {
    const { page } = await openInventory();
    await page.getByRole("button", { name: "Add Device" }).click();
    const add = page.getByRole("dialog");
    await add.getByRole("button", { name: "Add Device" }).click();
    await seeText(page, "Serial number is required");
    await fillLabelled(add, { "Serial Number": "ACME-LT-0100", "Assigned User": "New Hire" });
    await add.getByRole("button", { name: "Add Device" }).click();
    await rows(page).filter({ hasText: "ACME-LT-0100" }).waitFor();

    const dialog = await openDeviceImport(page);
    const bad = "serialNumber,status,email\nACME-LT-0200,IN_USE,ok@acme.test\nACME-LT-0201,BROKEN,not-an-email\n";
    await chooseCsvFile(dialog, bad);
    await seeText(page, "Nothing was imported");
    await dialog.getByTestId("import-report").getByText("Error", { exact: true }).first().waitFor();
    expect(await dialog.getByRole("button", { name: "Import" }).isDisabled()).toBe(true);

    const good = "serialNumber,assignedUser,status\nACME-LT-0200,Intern,SPARE\nACME-LT-0100,New Hire,IN_USE\n";
    await chooseCsvFile(dialog, good);
    await seeText(page, "The file is valid");
    await dialog.getByRole("button", { name: "Import" }).click();
    await seeText(page, "Import complete");
    await dialog.getByRole("button", { name: "Done" }).click();
    await rows(page).filter({ hasText: "ACME-LT-0200" }).waitFor();
  });

  it("shows devices as cards on a phone", async () => {
    const { page } = await openInventory({ viewport: MOBILE });
    await expect.poll(() => page.getByTestId("device-card").count()).toBeGreaterThan(10);
    expect(await rows(page).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });
});
