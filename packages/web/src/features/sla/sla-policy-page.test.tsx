import { fireEvent, screen } from "@testing-library/react";
import type { SlaPolicyView } from "@repo/validators";
import { describe, expect, it } from "vitest";
import { FakeApiError } from "../../test/fake-api";
import { renderApp } from "../../test/render-app";
import { signInAs } from "../../test/sessions";
import { setupStaffTest } from "../../test/staff-test";

const { api, answerDefaults } = setupStaffTest();

const policy = (version: number, p1FirstResponse: number): SlaPolicyView => ({
  targets: (["P1", "P2", "P3", "P4"] as const).map((priority) => ({
    priority,
    firstResponseMinutes: priority === "P1" ? p1FirstResponse : 240,
    resolutionMinutes: 480,
    businessHours: priority !== "P1",
  })),
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
  version,
});

describe("/settings/sla", () => {
  it("keeps an admin's change aside when someone else saved the policy meanwhile, to re-apply", async () => {
    answerDefaults();
    const theirs = policy(4, 60);
    let saves = 0;
    api.on({
      "sla.policy": () => policy(3, 120),
      "sla.updatePolicy": (input) => {
        saves += 1;
        if (saves === 1)
          throw new FakeApiError("CONFLICT", "The SLA policy was changed elsewhere", { current: theirs });
        return { ...theirs, ...(input as object), version: 5 };
      },
    });
    signInAs("ADMIN");
    renderApp("/settings/sla");
    const atRisk = (await screen.findByLabelText("At risk from (percent of the target used)")) as HTMLInputElement;
    fireEvent.change(atRisk, { target: { value: "80" } });
    fireEvent.click(screen.getByRole("button", { name: "Save SLA policy" }));

    expect(await screen.findByText("Someone else saved this SLA policy while you were editing it.")).toBeTruthy();
    expect(screen.getByText("At risk from: 80%")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Save SLA policy" }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Re-apply my changes" }));
    fireEvent.click(screen.getByRole("button", { name: "Save SLA policy" }));

    expect(await screen.findByText("SLA policy saved")).toBeTruthy();
    const [first, second] = api.callsTo("sla.updatePolicy").map((c) => c.input as SlaPolicyView);
    expect([first!.version, first!.atRiskPercent]).toEqual([3, 80]);
    // The second save is theirs (P1 answered in 60 minutes) with my threshold, based on their version.
    expect([second!.version, second!.atRiskPercent, second!.targets[0]!.firstResponseMinutes]).toEqual([4, 80, 60]);
  });
});
