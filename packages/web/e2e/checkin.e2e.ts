// Device check-in's screens in Chromium (docs/features.md §12): an admin creates an enrolment token in the
// /clients modal, a "script" checks in with it over HTTP, and the staff inventory shows the device with its
// flag, the values that came from it, its history; Mark reviewed clears the flag; the Check-in filter
// narrows the list. Axe on the drawer and on the token modal.
import { describe, expect, it } from "vitest";
import { describeFindings, seriousViolations } from "./axe.js";
import { startE2EForFile } from "./harness.js";
import { openAsStaff, seeText } from "./staff-session.js";

const e2e = startE2EForFile();

const SERIAL = "E2E-CHECKIN-0001";
const payload = {
  hostname: "front-desk-07",
  serial: SERIAL,
  manufacturer: "Dell",
  model: "Latitude 7440",
  os: "Windows 11 Pro",
  osBuild: "26100.2314",
  signedInUser: "Casey Checkin",
  encryption: { kind: "BitLocker", enabled: true },
  antivirus: { name: "Microsoft Defender", enabled: true, signatureAgeDays: 1 },
  lastUpdateAt: new Date(Date.now() - 2 * 86_400_000).toISOString(),
  diskTotalBytes: 512_000_000_000,
  diskFreeBytes: 200_000_000_000,
  ipAddresses: ["192.0.2.77"],
};

describe("device check-in screens", () => {
  it("creates a token, shows the checked-in device with its sources and history, and marks it reviewed", async () => {
    const { page } = await openAsStaff(e2e, "/clients");

    // The token modal: a new token's secret, shown once.
    await page.getByRole("button", { name: "Check-in tokens Acme Dental" }).click();
    const modal = page.getByRole("dialog", { name: "Check-in tokens: Acme Dental" });
    await modal.getByLabel("Label").fill("Front office");
    await modal.getByRole("button", { name: "New token" }).click();
    const secret = (await modal.getByTestId("token-secret").textContent())!.trim();
    expect(secret).toMatch(/^ckin_/);
    await modal.getByRole("cell", { name: "Front office", exact: true }).waitFor();
    await modal.getByRole("button", { name: "Download for Windows" }).waitFor();
    expect(describeFindings(await seriousViolations(page))).toEqual([]);

    // The script's check-in, with the token the modal showed.
    const checkin = await e2e.server.request("/api/devices/checkin", { method: "POST", json: payload, token: secret });
    expect(checkin.status).toBe(201);

    // The staff inventory: the device, flagged, filtered by the Check-in filter.
    await page.goto("/inventory?flag=needsReview");
    const row = page.getByTestId("device-row").filter({ hasText: SERIAL });
    await row.waitFor();
    await expect.poll(() => page.getByTestId("device-row").count()).toBe(1);
    await row.getByText("Needs review").waitFor();
    expect(new URL(page.url()).searchParams.get("flag")).toBe("needsReview");

    // The drawer: From device values, the reported facts, the history.
    await row.getByRole("button", { name: "Casey Checkin" }).click();
    const drawer = page.getByRole("dialog", { name: `Device ${SERIAL}` });
    await drawer
      .getByTestId("source-assignedUser")
      .getByText(/^From device, /)
      .waitFor();
    expect(await drawer.getByTestId("source-model").textContent()).toMatch(/^From device, /);
    expect(await drawer.getByTestId("source-location").textContent()).toBe("Typed");
    await drawer.getByTestId("device-facts").getByText("26100.2314").waitFor();
    await drawer.getByTestId("checkin-history").getByText("Windows 11 Pro").waitFor();
    expect(describeFindings(await seriousViolations(page))).toEqual([]);

    // Mark reviewed: the flag goes, and the filtered list no longer holds the device.
    await drawer.getByRole("button", { name: "Mark reviewed" }).click();
    await seeText(page, "Device reviewed");
    await drawer.getByRole("button", { name: "Mark reviewed" }).waitFor({ state: "detached" });
    await page.keyboard.press("Escape");
    await page.getByText("No devices found. Try adjusting your filters or add a new device.").waitFor();
  });

  it("opens the check-in settings from /inventory, saves a threshold, and passes axe", async () => {
    const { page, token } = await openAsStaff(e2e, "/inventory");
    await page.getByRole("link", { name: "Check-in settings" }).click();
    await page.waitForURL("**/settings/checkin");
    const stale = page.getByLabel(/Stale after \(days\)/);
    await stale.fill("21");
    expect(describeFindings(await seriousViolations(page))).toEqual([]);
    await page.getByRole("button", { name: "Save check-in settings" }).click();
    await seeText(page, "Check-in settings saved");
    const saved = await e2e.server.request("/api/settings/checkin", { token });
    expect(await saved.json()).toMatchObject({ staleAfterDays: 21 });
  });
});
