// The staff /inventory in Chromium: the shared device inventory with admin mode on, over every company.
import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { startE2EForFile } from "./harness.js";
import type { Page } from "playwright-core";
import { chooseDevicesCsv, importDevicesCsv, STAFF, openAsStaff, pick, seeText } from "./staff-session.js";

const e2e = startE2EForFile();

interface Device {
  id: string;
  serialNumber: string;
  clientName: string;
  location: string | null;
}

async function devices(token: string): Promise<Device[]> {
  const response = await e2e.server.request("/api/devices", { token });
  return (await response.json()) as Device[];
}

/** Presses Export CSV and reads the file it saves. */
async function exportCsv(page: Page): Promise<string> {
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Export CSV" }).click(),
  ]);
  return readFile((await download.path())!, "utf8");
}

describe("staff inventory (/inventory)", () => {
  it("opens from the dashboard's Inventory button and lists every company's devices with Delete", async () => {
    const { page, token } = await openAsStaff(e2e, "/dashboard", STAFF.agent.email);
    await page.getByRole("banner").getByRole("link", { name: "Inventory" }).click();
    await page.waitForURL("**/inventory");
    await page.getByRole("heading", { name: "Device Inventory", level: 1 }).waitFor();

    const all = await devices(token);
    expect(new Set(all.map((d) => d.clientName))).toEqual(new Set(["Acme Dental", "Birch Legal"]));
    await page.getByRole("columnheader", { name: "Company" }).waitFor();
    for (const device of all) await page.getByRole("button", { name: `Delete ${device.serialNumber}` }).waitFor();
    await page.getByRole("cell", { name: "Birch Legal" }).first().waitFor();
    await page.getByRole("cell", { name: "Acme Dental" }).first().waitFor();
  });

  it("edits a device, exports devices.csv and deletes a device after confirmation", async () => {
    const { page, token } = await openAsStaff(e2e, "/inventory");
    const [first, second] = await devices(token);

    await page.getByRole("button", { name: `Edit ${first!.serialNumber}` }).click();
    const edit = page.getByRole("dialog", { name: `Edit Device ${first!.serialNumber}` });
    await edit.getByLabel("Location").fill("Server closet B");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await seeText(page, "Device updated successfully");
    await expect
      .poll(async () => (await devices(token)).find((d) => d.id === first!.id)?.location)
      .toBe("Server closet B");

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("devices.csv");
    const csv = await readFile((await download.path())!, "utf8");
    expect(csv).toContain(second!.serialNumber);
    await seeText(page, "Devices exported successfully");

    await page.getByRole("button", { name: `Delete ${second!.serialNumber}` }).click();
    const confirm = page.getByRole("dialog", { name: "Delete Device" });
    await confirm.getByText(/This action cannot be undone/).waitFor();
    await confirm.getByRole("button", { name: "Delete Device" }).click();
    await seeText(page, "Device deleted successfully");
    await page.getByRole("button", { name: `Delete ${second!.serialNumber}` }).waitFor({ state: "detached" });
    expect((await devices(token)).some((d) => d.id === second!.id)).toBe(false);
  });

  it("adds a device to a chosen company and imports a CSV into another", async () => {
    const { page, token } = await openAsStaff(e2e, "/inventory");
    await page.getByRole("columnheader", { name: "Company" }).waitFor();

    await page.getByRole("button", { name: "Add Device" }).click();
    const add = page.getByRole("dialog", { name: "Add Device" });
    await add.getByLabel("Serial Number").fill("E2E-ADD-0001");
    await add.getByRole("button", { name: "Add Device" }).click();
    await add.getByText("Please select a client").waitFor();
    await add.getByRole("combobox", { name: "Company" }).click();
    await page.getByRole("listbox", { name: "Company" }).getByRole("option", { name: "Birch Legal" }).click();
    await add.getByRole("button", { name: "Add Device" }).click();
    await page.getByRole("button", { name: "Edit E2E-ADD-0001" }).waitFor();
    expect((await devices(token)).find((d) => d.serialNumber === "E2E-ADD-0001")?.clientName).toBe("Birch Legal");

    const dialog = await importDevicesCsv(
      page,
      "Acme Dental",
      "serialNumber,assignedUser,status\nE2E-IMP-0001,Front desk,SPARE\n",
    );
    await dialog.getByRole("button", { name: "Done" }).waitFor();
    await dialog.getByRole("button", { name: "Done" }).click();
    await page.getByRole("button", { name: "Edit E2E-IMP-0001" }).waitFor();
    expect((await devices(token)).find((d) => d.serialNumber === "E2E-IMP-0001")?.clientName).toBe("Acme Dental");
  });

  it("filters by company in the URL and the export, and an export of every company imports back unchanged", async () => {
    const { page, token } = await openAsStaff(e2e, "/inventory");
    await page.getByRole("columnheader", { name: "Company" }).waitFor();

    await pick(page, "Company", "Birch Legal");
    await page.waitForURL(/[?&]clientId=/);
    await page.getByRole("cell", { name: "Acme Dental" }).first().waitFor({ state: "detached" });
    await page.getByRole("cell", { name: "Birch Legal" }).first().waitFor();
    const birchFile = await exportCsv(page);
    expect(birchFile).toContain('"Birch Legal"');
    expect(birchFile).not.toContain('"Acme Dental"');

    await pick(page, "Company", "All companies");
    await page.getByRole("cell", { name: "Acme Dental" }).first().waitFor();
    const before = await devices(token);
    const everyFile = await exportCsv(page);
    const dialog = await chooseDevicesCsv(page, "Acme Dental", everyFile);
    await dialog.getByText(`0 new, 0 to update, ${before.length} unchanged, 0 with errors`).waitFor();
    await dialog.getByRole("button", { name: "Import", exact: true }).click();
    await dialog.getByText(`0 added, 0 updated, ${before.length} unchanged.`).waitFor();
    expect(await devices(token)).toEqual(before);
  });
});
