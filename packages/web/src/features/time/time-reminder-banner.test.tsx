// The reminder of a short day on the staff dashboard (docs/features.md §10, "Reminders"): what it says,
// its link to that day's week on the timesheet, and Dismiss.
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp } from "../../test/render-app";
import { signInAs } from "../../test/sessions";
import { setupStaffTest } from "../../test/staff-test";

const { api, answerDefaults } = setupStaffTest();
const REMINDER = { date: "2027-03-02", minutesRecorded: 360, minutesExpected: 420 };

function answerReminder() {
  answerDefaults();
  let reminder: typeof REMINDER | null = REMINDER;
  api.on({
    "time.reminder": () => ({ reminder }),
    "time.dismissReminder": () => {
      reminder = null;
      return { success: true };
    },
  });
}

describe("the time reminder banner", () => {
  it("says which day is short and by how much, and links to that day's week", async () => {
    answerReminder();
    signInAs("AGENT");
    renderApp("/dashboard");
    expect(await screen.findByText("Time to record")).toBeTruthy();
    expect(
      screen.getByText("Your timesheet shows 6 h on Tuesday, March 2, 2027, less than the 7 h of a working day."),
    ).toBeTruthy();
    const link = screen.getByRole("link", { name: "Open the timesheet" });
    expect(link.getAttribute("href")).toBe("/time?week=2027-03-01");
  });

  it("opens the timesheet at that week", async () => {
    answerReminder();
    api.on({
      "time.timesheet": (input: { weekStart: string }) => ({
        userId: "u-agent",
        userName: "Ada Lovelace",
        weekStart: input.weekStart,
        days: [],
        status: "open",
        comment: null,
        submittedAt: null,
        decidedAt: null,
        rows: [],
        dayTotals: [0, 0, 0, 0, 0, 0, 0],
        total: 0,
        billableTotal: 0,
        entries: [],
      }),
      "time.workTypes": () => [],
      "time.drafts": (input: { date: string }) => ({
        date: input.date,
        roundingMinutes: 6,
        drafts: [],
        totalMinutes: 0,
      }),
    });
    signInAs("AGENT");
    renderApp("/dashboard");
    fireEvent.click(await screen.findByRole("link", { name: "Open the timesheet" }));
    expect(await screen.findByText("Week of Mar 1, 2027 to Mar 7, 2027")).toBeTruthy();
    expect(api.callsTo("time.timesheet")[0]!.input).toEqual({ userId: "me", weekStart: "2027-03-01" });
  });

  it("is dismissed with its button, for that day, and stays gone", async () => {
    answerReminder();
    signInAs("ADMIN");
    renderApp("/dashboard");
    const dismiss = await screen.findByRole("button", { name: "Dismiss" });
    dismiss.focus();
    expect(document.activeElement).toBe(dismiss);
    fireEvent.click(dismiss);
    await waitFor(() => expect(screen.queryByText("Time to record")).toBeNull());
    expect(api.callsTo("time.dismissReminder").map((c) => c.input)).toEqual([{ date: "2027-03-02" }]);
  });

  it("shows nothing without a reminder", async () => {
    answerDefaults();
    signInAs("AGENT");
    renderApp("/dashboard");
    expect(await screen.findByText("SLA over the last 7 days and every client's tickets.")).toBeTruthy();
    await waitFor(() => expect(api.callsTo("time.reminder")).toHaveLength(1));
    expect(screen.queryByText("Time to record")).toBeNull();
  });
});
