import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { failsWith } from "../../test/fake-api";
import { renderApp } from "../../test/render-app";
import { signInAs } from "../../test/sessions";
import { ACME } from "../../test/staff-fixtures";
import { setupStaffTest } from "../../test/staff-test";

const { api, answerDefaults } = setupStaffTest();

const schedule = (overrides: Record<string, unknown> = {}) => ({
  id: "0190f3a2-0000-7000-8000-0000000000r1",
  name: "Acme backups",
  clientId: ACME.id,
  clientName: ACME.name,
  title: "Check Acme's backups",
  description: "Open the console.",
  priority: "P3",
  type: "TASK",
  assigneeId: null,
  assigneeName: null,
  tags: [],
  deviceId: null,
  rrule: "FREQ=MONTHLY;BYDAY=2MO",
  dtstart: "2026-12-14T09:00",
  timeZone: "America/Toronto",
  scheduleText: "every month on the 2nd Monday",
  enabled: true,
  skipIfOpen: true,
  nextRunAt: "2026-12-14T14:00:00.000Z",
  lastRunAt: null,
  createdByName: "Alex Morgan",
  createdAt: "2026-11-28T12:00:00.000Z",
  ...overrides,
});

const PREVIEW = {
  timeZone: "America/Toronto",
  scheduleText: "every month on the 2nd Monday",
  dates: [
    "2026-12-14T14:00:00.000Z",
    "2027-01-11T14:00:00.000Z",
    "2027-02-08T14:00:00.000Z",
    "2027-03-08T14:00:00.000Z",
    "2027-04-12T13:00:00.000Z",
  ],
};

function pick(dialog: ReturnType<typeof within>, field: string, option: string) {
  fireEvent.click(dialog.getByRole("combobox", { name: field }));
  fireEvent.click(
    within(screen.getByRole("listbox", { name: field, hidden: true })).getByRole("option", {
      name: option,
      hidden: true,
    }),
  );
}

describe("/automation/recurring", () => {
  it("lists the schedules with their rule in words, next run and a switch", async () => {
    answerDefaults();
    api.on({
      "recurring.list": () => [
        schedule(),
        schedule({ id: "0190f3a2-0000-7000-8000-0000000000r2", name: "Weekly", enabled: false }),
      ],
      "recurring.setEnabled": (input) => schedule({ enabled: (input as { enabled: boolean }).enabled }),
    });
    signInAs("ADMIN");
    renderApp("/automation/recurring");
    const table = await screen.findByRole("table", { name: "Recurring tickets" });
    expect(within(table).getAllByText("every month on the 2nd Monday")).toHaveLength(2);
    expect(within(table).getByText("Off")).toBeTruthy();
    fireEvent.click(within(table).getByRole("switch", { name: "Enabled: Acme backups" }));
    await waitFor(() =>
      expect(api.callsTo("recurring.setEnabled").map((c) => c.input)).toEqual([
        { id: "0190f3a2-0000-7000-8000-0000000000r1", enabled: false },
      ]),
    );
  });

  it("says so when there are none, and when they cannot be loaded", async () => {
    answerDefaults();
    api.on({ "recurring.list": () => [] });
    signInAs("ADMIN");
    const { unmount } = renderApp("/automation/recurring");
    expect(await screen.findByText("No recurring tickets yet. Add the first one.")).toBeTruthy();
    unmount();
    api.on({ "recurring.list": failsWith("INTERNAL_SERVER_ERROR", "Internal server error") });
    renderApp("/automation/recurring");
    expect(await screen.findByText("Failed to fetch recurring tickets")).toBeTruthy();
  });

  it("builds 'second Monday of each month', shows its next dates, and saves it", async () => {
    answerDefaults();
    api.on({
      "recurring.list": () => [],
      "recurring.preview": () => PREVIEW,
      "devices.list": () => [],
      "recurring.create": (input) => schedule(input as Record<string, unknown>),
    });
    signInAs("ADMIN");
    renderApp("/automation/recurring");
    fireEvent.click(await screen.findByRole("button", { name: "New Schedule" }));
    const dialog = within(await screen.findByRole("dialog", { name: "New Recurring Ticket" }));
    fireEvent.change(dialog.getByRole("textbox", { name: "Name" }), { target: { value: "Acme backups" } });
    pick(dialog, "Company", ACME.name);
    fireEvent.change(dialog.getByRole("textbox", { name: "Subject" }), { target: { value: "Check Acme's backups" } });
    fireEvent.change(dialog.getByRole("textbox", { name: "Description" }), { target: { value: "Open the console." } });
    pick(dialog, "Repeats", "Every month, on a weekday (e.g. second Monday)");
    fireEvent.change(dialog.getByLabelText(/^Starting on/), { target: { value: "2026-12-01" } });
    fireEvent.change(dialog.getByLabelText(/^At \(Toronto time\)/), { target: { value: "09:00" } });

    const preview = within(dialog.getByTestId("schedule-preview"));
    expect(await preview.findByText("Runs every month on the 2nd Monday:", {}, { timeout: 3000 })).toBeTruthy();
    expect(preview.getAllByRole("listitem")).toHaveLength(5);
    await waitFor(() =>
      expect(api.callsTo("recurring.preview").at(-1)?.input).toEqual({
        rrule: "FREQ=MONTHLY;BYDAY=2MO",
        dtstart: "2026-12-01T09:00",
      }),
    );

    fireEvent.click(dialog.getByRole("button", { name: "Create Schedule" }));
    await api.expectSaved("Recurring ticket created", "recurring.create", {
      name: "Acme backups",
      clientId: ACME.id,
      title: "Check Acme's backups",
      description: "Open the console.",
      priority: "P3",
      type: "TASK",
      assigneeId: "",
      tags: [],
      deviceId: "",
      rrule: "FREQ=MONTHLY;BYDAY=2MO",
      dtstart: "2026-12-01T09:00",
      enabled: true,
      skipIfOpen: true,
    });
  });

  it("shows the server's reason for a bad raw RRULE in the preview", async () => {
    answerDefaults();
    api.on({
      "recurring.list": () => [schedule({ rrule: "FREQ=YEARLY;BYMONTH=1", scheduleText: "every January" })],
      "recurring.preview": failsWith(
        "BAD_REQUEST",
        "A schedule may run at most once an hour. Example: FREQ=MONTHLY;BYDAY=2MO (the second Monday of each month)",
      ),
      "devices.list": () => [],
    });
    signInAs("ADMIN");
    renderApp("/automation/recurring");
    fireEvent.click(await screen.findByRole("button", { name: "Edit Acme backups" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Edit Recurring Ticket" }));
    const raw = dialog.getByRole("textbox", { name: "RRULE" }) as HTMLInputElement;
    expect(raw.value).toBe("FREQ=YEARLY;BYMONTH=1");
    fireEvent.change(raw, { target: { value: "FREQ=MINUTELY" } });
    expect(await dialog.findByText(/A schedule may run at most once an hour/, {}, { timeout: 3000 })).toBeTruthy();
  });
});
