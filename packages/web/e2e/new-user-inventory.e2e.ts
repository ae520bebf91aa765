// What a new user tripped over: the device inventory, as a person sees it in Chromium
// at 1280 and 390 px. The other items are in new-user-defects.e2e.ts; this file has a server of its own.
import { readFile } from "node:fs/promises";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DESKTOP, MOBILE, startE2EForFile } from "./harness.js";
import { openAsClient, seeText } from "./client-session.js";
import { chooseDevicesCsv, openAsStaff } from "./staff-session.js";
import { chooseCsvFile, openDeviceImport } from "./device-import.js";

const e2e = startE2EForFile();

const BIRCH = { email: "client@birch.test" } as const;
/** The seed's Acme devices this file reads: retired and never checked in, unencrypted, silent for 45 days. */
const RETIRED = "ACME-DT-0011";
const UNENCRYPTED = "ACME-DT-0003";
const SILENT = "ACME-TB-0005";
const HINT = "Retired: out of service, so not checked for encryption or check-ins";
const CLIENT_RULE =
  "Serial number ACME-LT-0001 is already registered to another company. A serial number identifies one device, and a device belongs to one company at a time";

const row = (page: Page, serial: string) => page.getByTestId("device-row").filter({ hasText: serial });
const card = (page: Page, serial: string) => page.getByTestId("device-card").filter({ hasText: serial });
const rows = (page: Page) => page.getByTestId("device-row");
/** The Status filter's input (its open list carries the same label). */
const statusSelect = (page: Page) => page.locator("input").and(page.getByLabel("Status", { exact: true }));

/** A badge's text colour, as painted: what tells green from grey. */
const colourOf = (badge: Locator) => badge.evaluate((node) => getComputedStyle(node).color);

describe("10. Inventory: retired devices and compliance", () => {
  it("shows a retired device as 'Not assessed' in grey, not a green Compliant, and says why, at 1280 px", async () => {
    const { page } = await openAsClient(e2e, "/client/inventory", { viewport: DESKTOP });
    const retired = row(page, RETIRED);
    const notAssessed = retired.getByRole("button", { name: "Not assessed" });
    await notAssessed.waitFor();
    expect(await retired.getByText("Retired", { exact: true }).isVisible()).toBe(true);
    expect(await retired.getByText("Compliant", { exact: true }).count()).toBe(0);

    const compliant = row(page, "ACME-LT-0001").getByText("Compliant", { exact: true });
    expect(await colourOf(notAssessed)).not.toBe(await colourOf(compliant));
    await notAssessed.hover();
    await page.getByRole("tooltip").filter({ hasText: HINT }).waitFor();
    // The counter says the same: retired devices are left out of At Risk, and it says so.
    const atRisk = page.getByLabel("At Risk", { exact: true });
    expect(await atRisk.getByTestId("metric-atRisk").textContent()).toBe("3");
    expect(await atRisk.getByText("Retired devices are not assessed").isVisible()).toBe(true);
  });

  it("shows the same badge on the phone's card at 390 px, with its meaning written out", async () => {
    const { page } = await openAsClient(e2e, "/client/inventory", { viewport: MOBILE });
    await card(page, RETIRED).getByText("Not assessed", { exact: true }).waitFor();
    expect(await card(page, RETIRED).getByText("Compliant", { exact: true }).count()).toBe(0);
    expect(await card(page, RETIRED).getByTestId("compliance-notes").textContent()).toBe(HINT);
  });

  it("says why a device is at risk: on hover and on keyboard focus at 1280 px", async () => {
    const { page } = await openAsClient(e2e, "/client/inventory", { viewport: DESKTOP });
    const badge = row(page, SILENT).getByRole("button", { name: "At Risk" });
    await badge.hover();
    const tooltip = page.getByRole("tooltip").filter({ hasText: "No check-in for 45 days" });
    await tooltip.waitFor();

    await page.mouse.move(0, 0);
    await tooltip.waitFor({ state: "hidden" });
    await row(page, UNENCRYPTED).getByRole("button", { name: "At Risk" }).focus();
    await page.getByRole("tooltip").filter({ hasText: "Disk not encrypted" }).waitFor();
    // Screen readers get the reasons as the badge's description, with no pointer at all.
    const describedBy = await badge.getAttribute("aria-describedby");
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe("No check-in for 45 days");
  });

  it("writes the reasons on the phone's cards at 390 px", async () => {
    const { page } = await openAsClient(e2e, "/client/inventory", { viewport: MOBILE });
    const reasons = card(page, UNENCRYPTED).getByTestId("compliance-notes");
    await reasons.waitFor();
    expect(await reasons.textContent()).toBe("At risk: Disk not encrypted");
    expect(await reasons.isVisible()).toBe(true);
    expect(await card(page, SILENT).getByText("At risk: No check-in for 45 days").isVisible()).toBe(true);
    expect(await card(page, "ACME-LT-0001").getByTestId("compliance-notes").count()).toBe(0);
  });
});

describe("10. Inventory: a serial number another company holds", () => {
  it("is refused in a client's add form with the rule, never the other company, at 1280 and 390 px", async () => {
    for (const viewport of [DESKTOP, MOBILE]) {
      const { page } = await openAsClient(e2e, "/client/inventory", { email: BIRCH.email, viewport });
      await page.getByRole("button", { name: "Add Device" }).click();
      const add = page.getByRole("dialog", { name: "Add Device" });
      await add.getByLabel("Serial Number").fill("ACME-LT-0001");
      await add.getByRole("button", { name: "Add Device" }).click();
      const message = add.getByText(CLIENT_RULE);
      await message.waitFor();
      expect(await message.isVisible()).toBe(true);
      expect(await page.getByText("Acme Dental").count()).toBe(0);
      // The dialog stays open on the refusal, and nothing was added.
      expect(await add.isVisible()).toBe(true);
    }
  });

  it("is refused in the edit form and in the import's report, whose Import stays disabled", async () => {
    const { page } = await openAsClient(e2e, "/client/inventory", { email: BIRCH.email, viewport: DESKTOP });
    await page.getByRole("button", { name: "Edit BIRCH-LT-0001" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Device BIRCH-LT-0001" });
    await edit.getByLabel("Serial Number").fill("ACME-LT-0001");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await edit.getByText(CLIENT_RULE).waitFor();
    await edit.getByRole("button", { name: "Cancel" }).click();

    const dialog = await openDeviceImport(page);
    await chooseCsvFile(dialog, "serialNumber,model\nBIRCH-NEW-0100,New laptop\nACME-LT-0001,Typed wrong\n");
    await dialog.getByTestId("import-report").getByText(CLIENT_RULE, { exact: false }).waitFor();
    expect(await dialog.getByRole("button", { name: "Import" }).isDisabled()).toBe(true);
    expect(await dialog.getByText("Acme Dental").count()).toBe(0);
  });

  it("names the company to staff, who see every company anyway", async () => {
    const { page } = await openAsStaff(e2e, "/inventory", undefined, DESKTOP);
    const dialog = await chooseDevicesCsv(page, "Birch Legal", "serialNumber\nACME-LT-0001\n");
    await dialog
      .getByText("Serial number ACME-LT-0001 is already registered to Acme Dental.", { exact: false })
      .waitFor();
    expect(await dialog.getByRole("button", { name: "Import" }).isDisabled()).toBe(true);
  });
});

describe("10. Inventory: filters, search and sort are in the URL", () => {
  it("restores them with Back on /client/inventory at 1280 px", async () => {
    const { page, token } = await openAsClient(e2e, "/client/inventory", { viewport: DESKTOP });
    await expect.poll(() => rows(page).count()).toBe(12);
    await statusSelect(page).click();
    await page.getByRole("option", { name: "In Use" }).click();
    await page.getByLabel("Search").fill("acme");
    await page.getByRole("button", { name: "Model" }).click();
    await page.getByRole("button", { name: /^Model/ }).click();
    const query = { status: "IN_USE", q: "acme", sort: "model", dir: "desc" };
    await expect.poll(() => Object.fromEntries(new URL(page.url()).searchParams)).toEqual(query);
    // What those filters list, in order, as the API gives it: the page must show exactly that.
    const response = await e2e.server.request(`/api/devices?${new URLSearchParams(query)}`, { token });
    const expected = ((await response.json()) as { serialNumber: string }[]).map((d) => d.serialNumber);
    expect(expected.length).toBeGreaterThan(1);
    const shownSerials = async () =>
      (await rows(page).allTextContents()).map((text) => expected.find((serial) => text.includes(serial)));
    await expect.poll(shownSerials).toEqual(expected);

    await page.getByRole("link", { name: "Back to Dashboard" }).click();
    await page.waitForURL("**/client-dashboard");
    await page.goBack();
    await page.getByRole("heading", { name: "Device Inventory" }).waitFor();
    await expect.poll(shownSerials).toEqual(expected);
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual(query);
    expect(await page.getByLabel("Search").inputValue()).toBe("acme");
    expect(await statusSelect(page).inputValue()).toBe("In Use");
  });

  it("opens a shared /inventory link as it was shared, at 1280 and 390 px", async () => {
    for (const viewport of [DESKTOP, MOBILE]) {
      const { page } = await openAsStaff(
        e2e,
        "/inventory?status=SPARE&q=acme&sort=serialNumber&dir=desc",
        undefined,
        viewport,
      );
      const items = viewport === MOBILE ? page.getByTestId("device-card") : rows(page);
      await expect.poll(() => items.count()).toBe(2);
      expect(await items.first().textContent()).toContain("ACME-PH-0009");
      expect(await items.last().textContent()).toContain("ACME-LT-0008");
      expect(await page.getByLabel("Search").inputValue()).toBe("acme");
      expect(await statusSelect(page).inputValue()).toBe("Available");
      expect(await page.getByRole("button", { name: /Sorted descending/ }).isVisible()).toBe(true);
    }
  });
});

describe("10. Inventory: the CSV import dialog", () => {
  for (const viewport of [DESKTOP, MOBILE]) {
    it(`enables Import only for a file that passed its check, then leaves only Done, at ${viewport.width} px`, async () => {
      const { page } = await openAsClient(e2e, "/client/inventory", { viewport });
      const dialog = await openDeviceImport(page);
      const importButton = dialog.getByRole("button", { name: "Import", exact: true });
      expect(await importButton.isDisabled()).toBe(true);

      const suffix = viewport.width;
      await chooseCsvFile(dialog, `serialNumber,status\nACME-IMP-${suffix},BROKEN\n`, "bad.csv");
      await dialog.getByText("Nothing was imported").waitFor();
      expect(await importButton.isDisabled()).toBe(true);

      await chooseCsvFile(dialog, `serialNumber,status\nACME-IMP-${suffix},SPARE\n`, "good.csv");
      await dialog.getByText("The file is valid").waitFor();
      await importButton.click();
      await dialog.getByText("Import complete").waitFor();

      // Only Done (and the dialog's own close button) is left to press.
      const enabled = await dialog
        .getByRole("button")
        .evaluateAll((buttons) =>
          buttons
            .filter((b) => !(b as HTMLButtonElement).disabled && b.getAttribute("data-disabled") === null)
            .map((b) => b.textContent?.trim() || b.getAttribute("aria-label") || ""),
        );
      // The dialog's X is named "Close" by the theme's defaults (docs/architecture.md §13).
      expect(enabled.filter((name) => name !== "Close")).toEqual(["Done"]);
      expect(await importButton.count()).toBe(0);
      expect(await dialog.getByLabel("CSV file").isDisabled()).toBe(true);
      await dialog.getByRole("button", { name: "Done" }).click();
      await dialog.waitFor({ state: "hidden" });
      const imported = viewport === MOBILE ? card(page, `ACME-IMP-${suffix}`) : row(page, `ACME-IMP-${suffix}`);
      await imported.waitFor();
    });
  }

  it("checks a staff file only for a chosen company", async () => {
    const { page } = await openAsStaff(e2e, "/inventory", undefined, DESKTOP);
    const dialog = await openDeviceImport(page);
    await chooseCsvFile(dialog, "serialNumber\nBIRCH-IMP-0001\n");
    await dialog.getByText("Please select a client").waitFor();
    expect(await dialog.getByRole("button", { name: "Import", exact: true }).isDisabled()).toBe(true);
    await dialog.getByRole("combobox", { name: "Company" }).click();
    await page.getByRole("listbox", { name: "Company" }).getByRole("option", { name: "Birch Legal" }).click();
    await dialog.getByText("The file is valid").waitFor();
    expect(await dialog.getByRole("button", { name: "Import", exact: true }).isEnabled()).toBe(true);
  });

  it("downloads a template from this site whose example row passes the check", async () => {
    const { page } = await openAsClient(e2e, "/client/inventory", { viewport: DESKTOP });
    const dialog = await openDeviceImport(page);
    const link = dialog.getByRole("link", { name: "Download template (CSV)" });
    expect(new URL((await link.getAttribute("href"))!, page.url()).origin).toBe(new URL(page.url()).origin);
    const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
    expect(download.suggestedFilename()).toBe("devices-template.csv");
    const template = await readFile((await download.path())!, "utf8");
    const [header, example] = template
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(header).toBe(
      '"assignedUser","email","deviceType","platform","model","serialNumber","assetTag","status","location","purchaseDate","warrantyExpiry","lastCheckIn","encryptionEnabled","notes"',
    );
    expect(example).toContain('"EXAMPLE-0001"');

    await dialog.locator('input[type="file"]').setInputFiles((await download.path())!);
    await dialog.getByText("The file is valid").waitFor();
    await seeText(page, "1 new, 0 to update, 0 with errors");
  });
});
