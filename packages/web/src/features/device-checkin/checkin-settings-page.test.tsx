import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp } from "../../test/render-app";
import { signInAs } from "../../test/sessions";
import { setupStaffTest } from "../../test/staff-test";

const { api, answerDefaults } = setupStaffTest();

function answerSettings() {
  answerDefaults();
  api.on({
    "settings.checkin": () => ({
      staleAfterDays: 14,
      antivirusMaxAgeDays: 7,
      updateMaxAgeDays: 30,
      complianceTickets: true,
    }),
  });
}

describe("/settings/checkin", () => {
  it("shows the current thresholds and saves the changed ones with the ticket switch", async () => {
    answerSettings();
    api.on({ "settings.updateCheckin": (input) => input });
    signInAs("ADMIN");
    renderApp("/settings/checkin");

    const stale = (await screen.findByLabelText(/Stale after \(days\)/)) as HTMLInputElement;
    expect(stale.value).toBe("14");
    fireEvent.change(stale, { target: { value: "21" } });
    fireEvent.click(screen.getByLabelText("Open a ticket for each problem a check-in finds"));
    fireEvent.click(screen.getByRole("button", { name: "Save check-in settings" }));
    await api.expectSaved("Check-in settings saved", "settings.updateCheckin", {
      staleAfterDays: 21,
      antivirusMaxAgeDays: 7,
      updateMaxAgeDays: 30,
      complianceTickets: false,
    });
  });

  it("says what is wrong with a threshold and sends nothing", async () => {
    answerSettings();
    signInAs("ADMIN");
    renderApp("/settings/checkin");

    const antivirus = await screen.findByLabelText(/Antivirus signatures at most/);
    fireEvent.change(antivirus, { target: { value: "400" } });
    expect(await screen.findByText("Antivirus signatures at most must be between 1 and 365 days")).toBeTruthy();
    fireEvent.change(antivirus, { target: { value: "" } });
    expect(await screen.findByText("Antivirus signatures at most must be a whole number of days")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Save check-in settings" }) as HTMLButtonElement).disabled).toBe(true);
    expect(api.callsTo("settings.updateCheckin")).toEqual([]);
  });
});
