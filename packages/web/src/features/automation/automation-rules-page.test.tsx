import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp } from "../../test/render-app";
import { signInAs } from "../../test/sessions";
import { setupStaffTest } from "../../test/staff-test";
import { tableRows } from "../../test/table-rows";

const { api, answerDefaults } = setupStaffTest();

const rule = (id: string, name: string, position: number) => ({
  id,
  name,
  enabled: true,
  position,
  trigger: { kind: "ticket.created" },
  conditions: [{ kind: "priority", in: ["P1"] }],
  actions: [{ kind: "notify_slack", url: "https://hooks.slack.test/x" }],
  stopHere: false,
  createdBy: null,
  createdAt: "2026-11-28T10:00:00.000Z",
  updatedAt: "2026-11-28T10:00:00.000Z",
});

/** Rules that answer like the server: moving swaps neighbours, the switch sets `enabled`. */
function serveRules() {
  let rules = [rule("r1", "Page the on-call", 1), rule("r2", "Tag printers", 2)];
  api.on({
    "automation.rules": () => ({ rules }),
    "automation.move": ({ id, direction }: { id: string; direction: "up" | "down" }) => {
      const at = rules.findIndex((r) => r.id === id);
      const to = direction === "up" ? at - 1 : at + 1;
      const next = [...rules];
      [next[at], next[to]] = [next[to]!, next[at]!];
      rules = next;
      return { rules };
    },
    "automation.setEnabled": ({ id, enabled }: { id: string; enabled: boolean }) => {
      rules = rules.map((r) => (r.id === id ? { ...r, enabled } : r));
      return rules.find((r) => r.id === id);
    },
    "automation.dryRun": () => ({
      tickets: [
        {
          ticketId: "0195f0a0-0000-7000-8000-00000000aaaa",
          title: "Server down",
          matched: true,
          effects: [{ kind: "set_priority", change: "Priority: P3 Normal → P1 Critical" }],
        },
        { ticketId: "0195f0a0-0000-7000-8000-00000000bbbb", title: "New laptop", matched: false, effects: [] },
      ],
    }),
  });
}

describe("the automation rules on /automation/rules", () => {
  it("lists the rules in order; the up button (a real button) moves one, the switch turns it off", async () => {
    answerDefaults();
    serveRules();
    signInAs("ADMIN");
    renderApp("/automation/rules");
    const rows = await tableRows("Automation rules");
    expect(rows.map((r) => within(r).getAllByRole("cell")[1]!.textContent)).toEqual([
      "Page the on-call",
      "Tag printers",
    ]);
    expect(screen.getByRole("button", { name: "Move Page the on-call up" })).toHaveProperty("disabled", true);

    fireEvent.click(screen.getByRole("button", { name: "Move Tag printers up" }));
    await waitFor(async () => {
      const moved = await tableRows("Automation rules");
      expect(within(moved[0]!).getAllByRole("cell")[1]!.textContent).toBe("Tag printers");
    });
    expect(api.calls.find((c) => c.path === "automation.move")?.input).toEqual({ id: "r2", direction: "up" });

    fireEvent.click(screen.getByRole("switch", { name: "Page the on-call enabled" }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.path === "automation.setEnabled")?.input).toEqual({ id: "r1", enabled: false }),
    );
  });

  it("dry-runs the editor's unsaved rule and shows per ticket what would change", async () => {
    answerDefaults();
    serveRules();
    signInAs("ADMIN");
    renderApp("/automation/rules");
    fireEvent.click(await screen.findByRole("button", { name: "New rule" }));
    fireEvent.change(screen.getByRole("textbox", { name: "Name" }), { target: { value: "Escalate" } });
    fireEvent.click(screen.getByRole("button", { name: "Dry run" }));
    const rows = await tableRows("Dry run result");
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText("Priority: P3 Normal → P1 Critical")).toBeTruthy();
    expect(screen.getByText(/1 of the last 2 tickets would match/)).toBeTruthy();
    const sent = api.calls.find((c) => c.path === "automation.dryRun")?.input;
    expect(sent.rule).toMatchObject({
      name: "Escalate",
      trigger: { kind: "ticket.created" },
      actions: [{ kind: "set_priority", priority: "P1" }],
    });
  });
});
