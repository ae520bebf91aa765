// Recurring tickets (docs/features.md §16) in the browser: an admin reaches the screen from My account,
// builds "second Monday of each month" with the keyboard, sees the next five dates, saves it and finds it
// in the list; the screen and its form meet WCAG 2.2 AA at desktop and phone width.
import { describe, expect, it } from "vitest";
import { axeSweep, SWEEP_TIMEOUT_MS } from "./axe-sweep.js";
import { startE2EForFile } from "./harness.js";
import { openAsStaff, pick, seeText } from "./staff-session.js";

const e2e = startE2EForFile();
const { check, checkWhenShown } = axeSweep();

describe("/automation/recurring", () => {
  it(
    "an admin builds a monthly schedule, sees its next dates and saves it",
    async () => {
      const { page } = await openAsStaff(e2e, "/account");
      await page.getByRole("link", { name: "Recurring tickets" }).click();
      await checkWhenShown(page, page.getByRole("heading", { name: "Recurring Tickets" }), "staff: recurring, empty");

      await page.getByRole("button", { name: "New Schedule" }).click();
      const dialog = page.getByRole("dialog", { name: "New Recurring Ticket" });
      await page.keyboard.type("Acme backups");
      await pick(page, "Company", "Acme Dental");
      await dialog.getByRole("textbox", { name: "Subject" }).fill("Check Acme's backups");
      await dialog.getByRole("textbox", { name: "Description" }).fill("Open the backup console.");
      await pick(page, "Repeats", "Every month, on a weekday (e.g. second Monday)");
      const preview = dialog.getByTestId("schedule-preview");
      await preview.getByText("Runs every month on the 2nd Monday:").waitFor();
      expect(await preview.getByRole("listitem").count()).toBe(5);
      await check(page, "staff: recurring, new schedule form");

      await dialog.getByRole("button", { name: "Create Schedule" }).click();
      await seeText(page, "Recurring ticket created");
      const table = page.getByRole("table", { name: "Recurring tickets" });
      await table.getByText("every month on the 2nd Monday").waitFor();
      expect(await table.getByRole("switch", { name: "Enabled: Acme backups" }).isChecked()).toBe(true);
      await check(page, "staff: recurring, list");

      await table.getByRole("button", { name: "Run log Acme backups" }).click();
      await checkWhenShown(page, page.getByText("No runs yet."), "staff: recurring, run log", ["desktop"]);
    },
    SWEEP_TIMEOUT_MS,
  );
});
