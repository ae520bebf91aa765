// The inventory's Import CSV dialog, in either portal: opening it and choosing a file, which it checks at once.
import type { Locator, Page } from "playwright-core";

/** Presses Import CSV and returns the dialog. */
export async function openDeviceImport(page: Page): Promise<Locator> {
  await page.getByRole("button", { name: "Import CSV" }).click();
  return page.getByRole("dialog", { name: "Import Devices from CSV" });
}

/** Chooses `csv` as a file named `name` in the dialog's file input. */
export async function chooseCsvFile(dialog: Locator, csv: string, name = "devices.csv"): Promise<void> {
  await dialog.locator('input[type="file"]').setInputFiles({ name, mimeType: "text/csv", buffer: Buffer.from(csv) });
}
