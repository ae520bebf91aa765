import { fireEvent, screen, within } from "@testing-library/react";
import { weekDays, weekStartOf } from "@repo/validators";
import { formatDay, isoDay } from "@repo/content";
import { describe, expect, it } from "vitest";
import { FakeApiError } from "../../test/fake-api";
import { renderApp } from "../../test/render-app";
import { signInAs } from "../../test/sessions";
import { setupStaffTest } from "../../test/staff-test";

const { api, answerDefaults } = setupStaffTest();
const monday = weekStartOf(isoDay());
const days = weekDays(monday);
const TICKET = "01a22097-2824-74ba-bb4f-c9d1da8aadfb";
const REMOTE = "01a22097-0000-7000-8000-000000000001";

const entry = (id: string, date: string, minutes: number) => ({
  id,
  userId: "u-agent",
  userName: "Alex Morgan",
  ticketId: TICKET,
  ticketReference: "da8aadfb",
  ticketTitle: "Printer jams",
  clientId: "c1",
  date,
  minutes,
  startedAt: null,
  endedAt: null,
  workTypeId: REMOTE,
  workTypeName: "Remote support",
  billable: true,
  note: "",
  noteVisibility: "internal",
  approved: false,
  invoiced: false,
  editable: true,
  createdAt: `${date}T14:00:00.000Z`,
  version: 1,
});

const sheet = (status = "open") => ({
  userId: "u-agent",
  userName: "Alex Morgan",
  weekStart: monday,
  days,
  status,
  comment: null,
  submittedAt: null,
  decidedAt: null,
  rows: [
    {
      ticketId: TICKET,
      ticketReference: "da8aadfb",
      ticketTitle: "Printer jams",
      workTypeId: REMOTE,
      workTypeName: "Remote support",
      minutes: [90, 30, 0, 0, 0, 0, 0],
      total: 120,
    },
  ],
  dayTotals: [90, 30, 0, 0, 0, 0, 0],
  total: 120,
  billableTotal: 120,
  entries: [entry("e1", days[0]!, 90), entry("e2", days[1]!, 30)],
});

const draft = {
  ticketId: TICKET,
  ticketReference: "da8aadfb",
  ticketTitle: "Printer jams",
  clientName: "Acme Dental",
  start: `${days[0]}T14:00:00.000Z`,
  end: `${days[0]}T14:29:00.000Z`,
  activeMinutes: 29,
  minutes: 30,
  focusMinutes: 21,
  replies: 1,
  notes: 0,
  statusChanges: 1,
  ongoing: false,
};

function answerTime(status = "open") {
  answerDefaults();
  api.on({
    "time.timesheet": () => sheet(status),
    "time.workTypes": () => [
      {
        id: REMOTE,
        name: "Remote support",
        defaultBillable: true,
        hourlyRateCents: null,
        archived: false,
        sortOrder: 1,
        version: 1,
      },
    ],
    "time.drafts": (input: { date: string }) => ({
      date: input.date,
      roundingMinutes: 6,
      drafts: [draft],
      totalMinutes: 30,
    }),
  });
}

describe("/time", () => {
  it("shows the week as a grid whose totals are the sums, and the day's drafts with what they came from", async () => {
    answerTime();
    signInAs("AGENT");
    renderApp("/time");
    const grid = await screen.findByRole("table", { name: "Time by day" });
    const row = within(grid).getByRole("row", { name: /Printer jams/ });
    expect(within(row).getByText("1 h 30 min")).toBeTruthy();
    expect(within(row).getByText("2 h")).toBeTruthy();
    const drafts = await screen
      .findByRole("article", { name: "Draft: #da8aadfb Printer jams" })
      .catch(() => screen.findByLabelText("Draft: #da8aadfb Printer jams"));
    expect(within(drafts).getByText(/21 min in focus, 1 reply, 1 status change/)).toBeTruthy();
    expect(api.callsTo("time.timesheet")[0]!.input).toEqual({ userId: "me", weekStart: monday });
  });

  it("accepts a draft through the entry form with the person's changes, and submits the week", async () => {
    answerTime();
    api.on({
      "time.acceptDraft": (input: { minutes: number }) => ({ ...entry("e3", days[0]!, input.minutes) }),
      "time.submitTimesheet": () => sheet("submitted"),
    });
    signInAs("AGENT");
    renderApp("/time");
    fireEvent.click(await screen.findByRole("button", { name: "Accept draft for #da8aadfb Printer jams" }));
    const time = await screen.findByLabelText(/Time spent/);
    expect((time as HTMLInputElement).value).toBe("30");
    fireEvent.change(time, { target: { value: "1:15" } });
    fireEvent.click(screen.getByRole("button", { name: "Accept" }));
    await api.expectSaved("Draft accepted", "time.acceptDraft", {
      ticketId: TICKET,
      start: draft.start,
      minutes: 75,
      workTypeId: REMOTE,
      billable: true,
      note: "",
      noteVisibility: "internal",
    });
    fireEvent.click(screen.getByRole("button", { name: "Submit week" }));
    await api.expectSaved("Timesheet submitted", "time.submitTimesheet", { userId: "u-agent", weekStart: monday });
  });

  it("changes an entry through the same form, sending only what changed, and shows the server's refusal", async () => {
    answerTime();
    let saves = 0;
    api.on({
      "time.updateEntry": (input: { minutes: number }) => {
        saves += 1;
        if (saves === 2) throw new FakeApiError("CONFLICT", "This week is submitted: its time is locked");
        return { ...entry("e1", days[0]!, input.minutes), ticketId: null, ticketReference: null, version: 2 };
      },
    });
    signInAs("AGENT");
    renderApp("/time");
    fireEvent.click(await screen.findByRole("button", { name: `Edit 1 h 30 min on ${formatDay(days[0]!)}` }));
    const dialog = await screen.findByRole("dialog", { name: "Edit time" });
    const time = within(dialog).getByLabelText(/Time spent/) as HTMLInputElement;
    expect(time.value).toBe("1:30");
    fireEvent.change(time, { target: { value: "1h" } });
    expect(within(dialog).queryByText("Time spent must be like 25, 1h30 or 1:30")).toBeNull();
    fireEvent.change(within(dialog).getByLabelText("Note"), { target: { value: "Replaced the fuser" } });
    fireEvent.click(within(dialog).getByRole("checkbox", { name: "Billable" }));
    fireEvent.click(within(dialog).getByRole("combobox", { name: "Ticket" }));
    fireEvent.click(screen.getByRole("option", { name: "No ticket", hidden: true }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await api.expectSaved("Time entry saved", "time.updateEntry", {
      id: "e1",
      version: 1,
      minutes: 60,
      billable: false,
      note: "Replaced the fuser",
      ticketId: null,
    });

    fireEvent.click(await screen.findByRole("button", { name: `Edit 30 min on ${formatDay(days[1]!)}` }));
    const again = await screen.findByRole("dialog", { name: "Edit time" });
    fireEvent.change(within(again).getByLabelText(/Time spent/), { target: { value: "45" } });
    fireEvent.click(within(again).getByRole("button", { name: "Save" }));
    expect(await screen.findByText("This week is submitted: its time is locked")).toBeTruthy();
  });

  it("offers no edit or delete on an entry the server says is locked", async () => {
    answerTime();
    api.on({
      "time.timesheet": () => ({ ...sheet(), entries: [{ ...entry("e1", days[0]!, 90), editable: false }] }),
    });
    signInAs("AGENT");
    renderApp("/time");
    const entries = await screen.findByRole("table", { name: "Entries" });
    expect(within(entries).getByText("1 h 30 min")).toBeTruthy();
    expect(within(entries).queryByRole("button")).toBeNull();
  });

  it("offers an admin approval and return of a submitted week, and locks adding time", async () => {
    answerTime("submitted");
    api.on({ "time.returnTimesheet": () => sheet("returned") });
    signInAs("ADMIN");
    renderApp("/time");
    expect(await screen.findByRole("button", { name: "Approve" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Add time" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Return" }));
    fireEvent.change(await screen.findByLabelText(/What to change/), { target: { value: "Split the travel" } });
    fireEvent.click(screen.getByRole("button", { name: "Return week" }));
    await api.expectSaved("Timesheet returned", "time.returnTimesheet", {
      userId: "u-agent",
      weekStart: monday,
      comment: "Split the travel",
    });
  });
});
