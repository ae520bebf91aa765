import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { FakeApiError } from "../../test/fake-api";
import { renderApp } from "../../test/render-app";
import { signInAs } from "../../test/sessions";
import { setupStaffTest } from "../../test/staff-test";

const { api, answerDefaults } = setupStaffTest();
const REMOTE = "01a22097-0000-7000-8000-000000000001";
const TRAVEL = "01a22097-0000-7000-8000-000000000004";

const workType = (id: string, name: string, sortOrder: number, extra: object = {}) => ({
  id,
  name,
  defaultBillable: true,
  hourlyRateCents: 12_500,
  archived: false,
  sortOrder,
  version: 1,
  ...extra,
});

function answerSettings(types = [workType(REMOTE, "Remote support", 1), workType(TRAVEL, "Travel", 4)]) {
  answerDefaults();
  api.on({
    "time.settings": () => ({ roundingMinutes: 6, expectedMinutesPerDay: 450 }),
    "time.workTypes": () => types,
  });
}

describe("/settings/time", () => {
  it("shows the expected day in hours and saves it in minutes, with the rounding chosen", async () => {
    answerSettings();
    api.on({ "time.updateSettings": (input) => input });
    signInAs("ADMIN");
    renderApp("/settings/time");
    const hours = (await screen.findByLabelText(/Expected hours a day/)) as HTMLInputElement;
    expect(hours.value).toBe("7.5");
    fireEvent.change(hours, { target: { value: "8,25" } });
    fireEvent.click(screen.getByRole("button", { name: "Save time settings" }));
    await api.expectSaved("Time settings saved", "time.updateSettings", {
      roundingMinutes: 6,
      expectedMinutesPerDay: 495,
    });
  });

  it("says what is wrong with the hours and sends nothing", async () => {
    answerSettings();
    signInAs("ADMIN");
    renderApp("/settings/time");
    fireEvent.change(await screen.findByLabelText(/Expected hours a day/), { target: { value: "seven" } });
    expect(screen.getByText("Expected hours must be a number of hours, like 7.5")).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Expected hours a day/), { target: { value: "25" } });
    expect(screen.getByText("Expected hours must be at most 24")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Save time settings" }) as HTMLButtonElement).disabled).toBe(true);
    expect(api.callsTo("time.updateSettings")).toEqual([]);
  });

  it("lists the work types with rates in dollars, and adds one in cents after its form's checks", async () => {
    answerSettings();
    api.on({ "time.createWorkType": (input) => workType("new-id", input.name, input.sortOrder, input) });
    signInAs("ADMIN");
    renderApp("/settings/time");
    const table = await screen.findByRole("table", { name: "Work types" });
    expect(within(within(table).getByRole("row", { name: /Travel/ })).getByText("$125.00/h")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Add work type" }));
    const dialog = await screen.findByRole("dialog", { name: "Add work type" });
    expect((within(dialog).getByLabelText("Order in lists") as HTMLInputElement).value).toBe("5");
    fireEvent.change(within(dialog).getByLabelText(/Hourly rate/), { target: { value: "95.5.0" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Add work type" }));
    expect(within(dialog).getByText("Name is required")).toBeTruthy();
    expect(within(dialog).getByText("Hourly rate must be an amount in dollars, like 95 or 95.50")).toBeTruthy();
    expect(api.callsTo("time.createWorkType")).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText(/Name/), { target: { value: " Consulting " } });
    fireEvent.change(within(dialog).getByLabelText(/Hourly rate/), { target: { value: "$1,095.50" } });
    fireEvent.click(within(dialog).getByRole("checkbox", { name: "Billable by default" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Add work type" }));
    await api.expectSaved("Work type added", "time.createWorkType", {
      name: "Consulting",
      defaultBillable: false,
      hourlyRateCents: 109_550,
      sortOrder: 5,
    });
  });

  it("archives a work type with its version, and shows the server's refusal of a delete", async () => {
    answerSettings();
    api.on({
      "time.updateWorkType": (input) => workType(TRAVEL, "Travel", 4, { archived: input.archived, version: 2 }),
      "time.deleteWorkType": () => {
        throw new FakeApiError("CONFLICT", "Work type was changed elsewhere");
      },
    });
    signInAs("ADMIN");
    renderApp("/settings/time");
    fireEvent.click(await screen.findByRole("button", { name: "Archive Travel" }));
    await api.expectSaved("Work type archived", "time.updateWorkType", { id: TRAVEL, archived: true, version: 1 });
    fireEvent.click(screen.getByRole("button", { name: "Delete Remote support" }));
    expect(await screen.findByText("Work type was changed elsewhere")).toBeTruthy();
  });

  it("says so when there are no work types yet", async () => {
    answerSettings([]);
    signInAs("ADMIN");
    renderApp("/settings/time");
    expect(await screen.findByText("No work types yet. Add one so that time can be recorded.")).toBeTruthy();
  });

  it("keeps an agent out: the screen is an admin's", async () => {
    answerSettings();
    signInAs("AGENT");
    const view = renderApp("/settings/time");
    await waitFor(() => expect(view.router.state.location.pathname).toBe("/dashboard"));
    expect(api.callsTo("time.settings")).toEqual([]);
  });
});
