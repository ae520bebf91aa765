import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { acmeProfile, clientTicketLists } from "../../test/client-fixtures";
import { setupFakeApi } from "../../test/fake-api";
import { renderApp } from "../../test/render-app";
import { signInAs } from "../../test/sessions";
import { currentMonth, formatMonth, shiftMonth } from "./months";

const api = setupFakeApi();
const TICKET = "0190f3a2-aaaa-7bbb-8ccc-1234abcd7101";

const month = (input: { month: string }, shown = true) =>
  !shown
    ? { shown: false, month: input.month, totalMinutes: 0, tickets: [] }
    : input.month === "2026-10"
      ? {
          shown: true,
          month: input.month,
          totalMinutes: 150,
          tickets: [
            { ticketId: TICKET, ticketReference: "abcd7101", ticketTitle: "Toner streaks", minutes: 90 },
            { ticketId: null, ticketReference: null, ticketTitle: null, minutes: 60 },
          ],
        }
      : { shown: true, month: input.month, totalMinutes: 0, tickets: [] };

describe("/client/time", () => {
  it("shows a month's billable time by ticket with its total, and moves between months", async () => {
    api.on({ "time.clientMonth": (input) => month(input) });
    signInAs("CLIENT", "Dana Whitfield");
    const view = renderApp("/client/time?month=2026-10");
    const table = await screen.findByRole("table", { name: "Billable time in October 2026" });
    const row = within(table).getByRole("row", { name: /Toner streaks/ });
    expect(within(row).getByRole("link", { name: "#abcd7101 Toner streaks" }).getAttribute("href")).toBe(
      `/client/tickets/${TICKET}`,
    );
    expect(within(row).getByText("1 h 30 min")).toBeTruthy();
    expect(within(table).getByRole("row", { name: /General work \(no ticket\)/ })).toBeTruthy();
    expect(within(table).getByRole("row", { name: /Total/ }).textContent).toContain("2 h 30 min");

    fireEvent.click(screen.getByRole("button", { name: "Next month" }));
    expect(await screen.findByText("No billable time in November 2026.")).toBeTruthy();
    expect(view.router.state.location.search).toEqual({ month: "2026-11" });
    fireEvent.click(screen.getByRole("button", { name: "Previous month" }));
    await screen.findByRole("table", { name: "Billable time in October 2026" });
    expect(api.callsTo("time.clientMonth").map((call) => call.input)).toEqual([
      { month: "2026-10" },
      { month: "2026-11" },
    ]);
  });

  it("opens on the current month and offers no month after it", async () => {
    api.on({ "time.clientMonth": (input) => month(input) });
    signInAs("CLIENT", "Dana Whitfield");
    renderApp("/client/time");
    expect(await screen.findByText(`No billable time in ${formatMonth(currentMonth())}.`)).toBeTruthy();
    expect((screen.getByRole("button", { name: "Next month" }) as HTMLButtonElement).disabled).toBe(true);
    expect(shiftMonth("2026-01", -1)).toBe("2025-12");
  });

  it("says time is not shown when the company does not show it", async () => {
    api.on({ "time.clientMonth": (input) => month(input, false) });
    signInAs("CLIENT", "Dana Whitfield");
    renderApp("/client/time?month=2026-10");
    expect(await screen.findByText("Time is not shown")).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
  });
});

describe("the way to /client/time", () => {
  it.each([true, false])("is on the company profile tab exactly when the company shows time (%s)", async (shown) => {
    api.on({
      "clientPortal.profile": () => acmeProfile,
      ...clientTicketLists([]),
      "time.clientMonth": (input) => month(input, shown),
    });
    signInAs("CLIENT", "Dana Whitfield");
    renderApp("/client-dashboard?tab=profile");
    await screen.findByRole("heading", { name: "Company Profile" });
    await waitFor(() => expect(api.callsTo("time.clientMonth")).toHaveLength(1));
    if (shown) expect(await screen.findByRole("link", { name: "See your company's time by month" })).toBeTruthy();
    else expect(screen.queryByRole("link", { name: "See your company's time by month" })).toBeNull();
  });
});
