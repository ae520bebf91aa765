// The reports page's SLA card (docs/features.md §8): a priority without a known outcome (null) is "no
// data", said in words, never drawn like a real 0%.
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp } from "../../test/render-app";
import { signInAs } from "../../test/sessions";
import { setupStaffTest } from "../../test/staff-test";

const { api, answerDefaults } = setupStaffTest();

const sla = (
  priority: "P1" | "P2" | "P3" | "P4",
  response: [met: number, known: number],
  resolution: [met: number, known: number],
) => {
  const percent = ([met, known]: [number, number]) => (known === 0 ? null : Math.round((met / known) * 1000) / 10);
  return {
    priority,
    responseMet: response[0],
    responseKnown: response[1],
    responsePercent: percent(response),
    resolutionMet: resolution[0],
    resolutionKnown: resolution[1],
    resolutionPercent: percent(resolution),
  };
};

function report(slaAttainment: ReturnType<typeof sla>[]) {
  const none = { good: 0, bad: 0, total: 0, percentGood: null };
  return {
    from: "2026-11-01",
    to: "2026-11-02",
    daily: [
      { day: "2026-11-01", opened: 1, resolved: 0 },
      { day: "2026-11-02", opened: 0, resolved: 1 },
    ],
    slaAttainment,
    firstResponse: [],
    resolution: [],
    backlogByAge: [],
    volumeByClient: [],
    satisfaction: { overall: none, byAgent: [], byClient: [] },
    topDevices: [],
  };
}

async function openReports(slaAttainment: ReturnType<typeof sla>[]) {
  answerDefaults();
  api.on({ "reports.summary": () => report(slaAttainment) });
  signInAs("ADMIN");
  renderApp("/reports?from=2026-11-01&to=2026-11-02");
  return screen.findByRole("region", { name: "SLA targets met" });
}

describe("the SLA targets card", () => {
  it("names the priorities without data, per target, and not those at a real 0%", async () => {
    const card = await openReports([
      sla("P1", [0, 0], [0, 0]),
      sla("P2", [0, 3], [0, 2]),
      sla("P3", [2, 4], [0, 0]),
      sla("P4", [1, 1], [1, 1]),
    ]);
    const note = await within(card).findByTestId("sla-no-data");
    expect(note.textContent).toBe(
      "No data: P1 Critical, P3 Normal (resolution). No ticket of the range has a known outcome there yet.",
    );
    // P2 met none of its targets: a real 0%, which is data.
    expect(note.textContent).not.toContain("P2");
    // The figures say the same: an empty cell for no data, 0 where none were met.
    const rows = within(card)
      .getAllByRole("row")
      .map((row) => row.textContent);
    expect(rows).toContain("P1 Critical——00");
    expect(rows).toContain("P2 High0032");
  });

  it("says nothing of missing data when every priority has some", async () => {
    const card = await openReports([
      sla("P1", [1, 1], [0, 1]),
      sla("P2", [0, 3], [0, 2]),
      sla("P3", [2, 4], [1, 1]),
      sla("P4", [1, 1], [1, 1]),
    ]);
    await within(card).findByText("Show the figures");
    expect(within(card).queryByTestId("sla-no-data")).toBeNull();
  });
});

describe("the time cards", () => {
  it("show an admin the range's utilisation, hours per client and work type, and unapproved time", async () => {
    answerDefaults();
    api.on({
      "reports.summary": () => report([]),
      "time.report": (input: { from: string; to: string }) => ({
        ...input,
        workingDays: 2,
        people: [{ userId: "u1", name: "Sam Patel", totalMinutes: 600, billableMinutes: 480, expectedMinutes: 840 }],
        clients: [{ clientId: "c1", name: "Acme Dental", month: "2026-11", totalMinutes: 480, billableMinutes: 480 }],
        workTypes: [{ workTypeId: "w1", name: "Remote support", totalMinutes: 600, billableMinutes: 480 }],
        unapproved: { totalMinutes: 90, entries: 3 },
      }),
    });
    signInAs("ADMIN");
    renderApp("/reports?from=2026-11-01&to=2026-11-02");
    const utilisation = await screen.findByRole("region", { name: "Utilisation per person" });
    expect(
      within(utilisation)
        .getAllByRole("row")
        .map((row) => row.textContent),
    ).toContain("Sam Patel480600840");
    expect(api.callsTo("time.report")[0]!.input).toEqual({ from: "2026-11-01", to: "2026-11-02" });
    const unapproved = screen.getByRole("region", { name: "Unapproved time" });
    expect(within(unapproved).getByText("1 h 30 min")).toBeTruthy();
  });

  it("are not shown to an agent", async () => {
    answerDefaults();
    api.on({ "reports.summary": () => report([]) });
    signInAs("AGENT");
    renderApp("/reports?from=2026-11-01&to=2026-11-02");
    await screen.findByRole("region", { name: "SLA targets met" });
    expect(api.callsTo("time.report")).toEqual([]);
  });
});

describe("the billing cards", () => {
  const billing = {
    today: "2026-11-28",
    monthlyRecurring: {
      totalCents: 1_234_500,
      byCompany: [
        { clientId: "a", name: "Acme Dental", cents: 1_000_000 },
        { clientId: "b", name: "Birch Law", cents: 234_500 },
      ],
    },
    revenue: [{ clientId: "a", name: "Acme Dental", cents: 5_000_000 }],
    unbilledTime: [{ clientId: "a", name: "Acme Dental", minutes: 150, atDefaultRatesCents: 31_250 }],
    blocks: [],
    receivables: {
      totals: { current: 100, "1-30": 0, "31-60": 0, "61-90": 0, "90+": 2_500 },
      byCompany: [
        { clientId: "a", name: "Acme Dental", current: 100, "1-30": 0, "31-60": 0, "61-90": 0, "90+": 2_500 },
      ],
    },
  };

  it("shows recurring revenue, unbilled time and receivables to whoever may see money", async () => {
    await openReportsWith({ "billing.report": () => billing });
    const mrr = await screen.findByRole("region", { name: "Monthly recurring revenue" });
    expect(within(mrr).getByText("$12,345.00 a month")).toBeTruthy();
    const unbilled = screen.getByRole("region", { name: "Unbilled approved time" });
    expect(within(unbilled).getByText("2 h 30 min")).toBeTruthy();
    expect(within(unbilled).getByText("about $312.50 at default rates")).toBeTruthy();
    const aging = screen.getByRole("region", { name: "Receivables by age" });
    expect(within(aging).getByRole("cell", { name: "2500" })).toBeTruthy();
  });

  it("shows no billing section when the API refuses money to the reader", async () => {
    await openReportsWith({});
    await screen.findByRole("region", { name: "SLA targets met" });
    expect(screen.queryByRole("heading", { name: "Billing" })).toBeNull();
  });
});

describe("the self-service cards", () => {
  it("show the forms that sent no ticket after an article, and the articles opened most", async () => {
    await openReportsWith({
      "reports.deflection": () => ({
        formsWithArticles: 4,
        ticketsSent: 1,
        ticketsNotSent: 3,
        articles: [{ slug: "vpn", title: "Connecting to the VPN", opened: 3, ticketsNotSent: 2 }],
      }),
    });
    const notSent = await screen.findByRole("region", { name: "Tickets not sent after an article" });
    expect(within(notSent).getByText("3 not sent")).toBeTruthy();
    expect(within(notSent).getByText(/of 4 forms with an article opened \(75%\)/)).toBeTruthy();
    const opened = screen.getByRole("region", { name: "Articles opened from the ticket forms" });
    expect(
      within(opened)
        .getAllByRole("row")
        .map((row) => row.textContent),
    ).toContain("Connecting to the VPN32");
    expect(api.callsTo("reports.deflection")[0]!.input).toEqual({ from: "2026-11-01", to: "2026-11-02" });
  });
});

async function openReportsWith(handlers: Parameters<typeof api.on>[0]) {
  answerDefaults();
  api.on({ "reports.summary": () => report([sla("P1", [1, 1], [1, 1])]), ...handlers });
  signInAs("ADMIN");
  renderApp("/reports?from=2026-11-01&to=2026-11-02");
}
