// The staff reports page (architecture.md §18) in Chromium: six charts drawn, the range in the address, and each CSV
// download holding the very figures the API gave for the chart.
import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { startE2EForFile } from "./harness.js";
import { openAsStaff } from "./staff-session.js";

const e2e = startE2EForFile();

const TITLES = [
  "Tickets opened and resolved",
  "SLA targets met",
  "Time to first response",
  "Time to resolution",
  "Backlog by age",
  "Tickets per client",
];

/** The CSV's lines as arrays of cells (every cell quoted, as the page writes them). */
const parseCsv = (text: string) =>
  text
    .trimEnd()
    .split("\r\n")
    .map((line) => [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((m) => m[1]!.replaceAll('""', '"')));

describe("reports", () => {
  it("draws every chart for the range in the address, and each CSV holds the API's figures", async () => {
    const { page, token } = await openAsStaff(e2e, "/reports?from=2026-10-01&to=2026-11-30");
    for (const title of TITLES) {
      const card = page.getByRole("region", { name: title });
      await card.locator("svg.recharts-surface").first().waitFor();
    }

    const api = await e2e.server.request("/api/reports?from=2026-10-01&to=2026-11-30", { token });
    const report = (await api.json()) as {
      daily: { day: string; opened: number; resolved: number }[];
      volumeByClient: { name: string; opened: number }[];
    };

    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download CSV: Tickets opened and resolved" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe("tickets-per-day-2026-10-01-to-2026-11-30.csv");
    const csv = parseCsv(await readFile((await file.path())!, "utf8"));
    expect(csv[0]).toEqual(["Day", "Opened", "Resolved"]);
    expect(csv.slice(1)).toEqual(report.daily.map((d) => [d.day, String(d.opened), String(d.resolved)]));
    expect(csv).toHaveLength(62);

    const clients = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download CSV: Tickets per client" }).click();
    const clientCsv = parseCsv(await readFile((await (await clients).path())!, "utf8"));
    expect(clientCsv.slice(1)).toEqual(report.volumeByClient.map((c) => [c.name, String(c.opened)]));

    // The figures under a chart are the same numbers, for anyone who cannot read the chart.
    const perClient = page.getByRole("region", { name: "Tickets per client" });
    await perClient.getByText("Show the figures").click();
    const firstRow = perClient.locator("tbody tr").first().locator("td");
    expect(await firstRow.allTextContents()).toEqual(clientCsv[1]);
  });

  it("moves to a preset range in the address, and says what is wrong with a range the server refuses", async () => {
    const { page } = await openAsStaff(e2e, "/reports");
    await page.getByRole("region", { name: TITLES[0] }).locator("svg.recharts-surface").first().waitFor();
    await page.getByRole("button", { name: "Last 7 days" }).click();
    await page.waitForURL((url) => url.searchParams.has("from") && url.searchParams.has("to"));
    const url = new URL(page.url());
    const days = (Date.parse(url.searchParams.get("to")!) - Date.parse(url.searchParams.get("from")!)) / 86_400_000;
    expect(days).toBe(6);

    await page.goto("/reports?from=2020-01-01&to=2026-01-01");
    await page.getByRole("alert").getByText("A report spans at most 366 days").waitFor();
  });
});
