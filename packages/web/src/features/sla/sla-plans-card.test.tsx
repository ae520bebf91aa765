import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { SlaPlan, SlaPolicyView } from "@repo/validators";
import { describe, expect, it } from "vitest";
import { renderApp } from "../../test/render-app";
import { signInAs } from "../../test/sessions";
import { setupStaffTest } from "../../test/staff-test";

const { api, answerDefaults } = setupStaffTest();

const targets = (p1: number): SlaPlan["targets"] =>
  (["P1", "P2", "P3", "P4"] as const).map((priority) => ({
    priority,
    firstResponseMinutes: priority === "P1" ? p1 : 240,
    resolutionMinutes: 480,
    businessHours: priority !== "P1",
  }));
const policy: SlaPolicyView = {
  targets: targets(120),
  calendar: {
    timeZone: "America/Toronto",
    workDays: [1, 2, 3, 4, 5],
    openTime: "09:00",
    closeTime: "17:00",
    holidays: [],
  },
  atRiskPercent: 75,
  updatedAt: null,
  updatedByName: null,
  version: 1,
};
const plan = (id: string, name: string, p1: number, clientIds: string[], isDefault = false): SlaPlan => ({
  id,
  name,
  isDefault,
  targets: targets(p1),
  clientIds,
  updatedAt: "2026-02-09T15:00:00.000Z",
  version: 1,
});

describe("SLA plans on /settings/sla", () => {
  it("lists the plans, adds one and deletes a used plan by moving its companies; Standard has no delete", async () => {
    answerDefaults();
    api.on({
      "sla.policy": () => policy,
      "sla.plans": () => ({
        plans: [plan("std", "Standard", 120, ["acme"], true), plan("prio", "Priority", 60, ["birch"])],
      }),
      "clients.list": () => ({
        clients: [
          { id: "acme", name: "Acme Dental" },
          { id: "birch", name: "Birch Legal" },
        ],
      }),
      "sla.createPlan": (input) => plan("gold", (input as { name: string }).name, 120, []),
      "sla.setCompanyPlan": (input) => input,
      "sla.deletePlan": (input) => ({ success: true, id: (input as { id: string }).id }),
    });
    signInAs("ADMIN");
    renderApp("/settings/sla");

    expect(await screen.findByText("Standard (default)")).toBeTruthy();
    expect(screen.getByText("60 / 480 min")).toBeTruthy();

    fireEvent.change(screen.getByLabelText("New plan name"), { target: { value: "Gold" } });
    fireEvent.click(screen.getByRole("button", { name: "Add plan" }));
    await waitFor(() => expect(api.callsTo("sla.createPlan").map((c) => c.input)).toEqual([{ name: "Gold" }]));

    fireEvent.click(screen.getByRole("button", { name: "Move companies to default and delete Priority" }));
    await waitFor(() =>
      expect(api.callsTo("sla.deletePlan").map((c) => c.input)).toEqual([{ id: "prio", moveCompanies: "true" }]),
    );
    expect(screen.queryByRole("button", { name: /delete Standard/ })).toBeNull();
  });

  it("edits a named plan's name and targets, refusing a resolution shorter than the response", async () => {
    answerDefaults();
    api.on({
      "sla.policy": () => policy,
      "sla.plans": () => ({
        plans: [plan("std", "Standard", 120, ["acme"], true), plan("prio", "Priority", 60, ["birch"])],
      }),
      "clients.list": () => ({ clients: [{ id: "birch", name: "Birch Legal" }] }),
      "sla.updatePlan": (input) => ({
        ...plan("prio", "Priority", 30, ["birch"]),
        name: (input as { name: string }).name,
      }),
    });
    signInAs("ADMIN");
    renderApp("/settings/sla");
    fireEvent.click(await screen.findByRole("button", { name: "Edit Priority" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Priority" });
    fireEvent.change(within(dialog).getByLabelText(/Plan name/), { target: { value: "Priority 24/7" } });
    fireEvent.change(within(dialog).getByLabelText("P1 Critical first response (minutes)"), {
      target: { value: "600" },
    });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save plan" }));
    expect(await within(dialog).findByText("Resolution target must be at least the response target")).toBeTruthy();
    expect(api.callsTo("sla.updatePlan")).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText("P1 Critical first response (minutes)"), {
      target: { value: "30" },
    });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save plan" }));
    await api.expectSaved("SLA plan saved", "sla.updatePlan", {
      id: "prio",
      name: "Priority 24/7",
      targets: targets(60).map((t) => (t.priority === "P1" ? { ...t, firstResponseMinutes: 30 } : t)),
      version: 1,
    });
  });
});
