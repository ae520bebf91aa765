// Each condition kind over a ticket, as the rules see it on an event and in a dry run.
import type { AutomationCondition } from "@repo/validators";
import { describe, expect, it } from "vitest";
import { conditionHolds, conditionsHold, type RuleSubject } from "./conditions.js";

const ticket: RuleSubject["ticket"] = {
  clientId: "0195f0a0-0000-7000-8000-000000000001",
  priority: "P2",
  status: "WAITING_CUSTOMER",
  type: "INCIDENT",
  tags: ["Printer", "onsite"],
  title: "Printer jams on every page",
  description: "The front desk printer jams since Monday.",
  requesterEmail: "Dana@Acme.test",
};
const holds = (condition: AutomationCondition, subject: Partial<RuleSubject> = {}) =>
  conditionHolds(condition, { ticket, ...subject });

describe("conditions", () => {
  it("company, priority, status and type match one of the listed values", () => {
    expect(holds({ kind: "company", clientIds: [ticket.clientId] })).toBe(true);
    expect(holds({ kind: "company", clientIds: ["0195f0a0-0000-7000-8000-000000000002"] })).toBe(false);
    expect(holds({ kind: "priority", in: ["P1", "P2"] })).toBe(true);
    expect(holds({ kind: "priority", in: ["P1"] })).toBe(false);
    expect(holds({ kind: "status", in: ["WAITING_CUSTOMER"] })).toBe(true);
    expect(holds({ kind: "status", in: ["NEW"] })).toBe(false);
    expect(holds({ kind: "type", in: ["INCIDENT"] })).toBe(true);
    expect(holds({ kind: "type", in: ["TASK", "REQUEST"] })).toBe(false);
  });

  it("tags: any or all, ignoring case", () => {
    expect(holds({ kind: "tags", match: "any", tags: ["printer", "vpn"] })).toBe(true);
    expect(holds({ kind: "tags", match: "all", tags: ["printer", "vpn"] })).toBe(false);
    expect(holds({ kind: "tags", match: "all", tags: ["printer", "ONSITE"] })).toBe(true);
    expect(holds({ kind: "tags", match: "any", tags: ["vpn"] })).toBe(false);
  });

  it("text contains, in the subject, the body, or the new comment", () => {
    expect(holds({ kind: "text", field: "subject", contains: "JAMS" })).toBe(true);
    expect(holds({ kind: "text", field: "subject", contains: "front desk" })).toBe(false);
    expect(holds({ kind: "text", field: "body", contains: "front desk" })).toBe(true);
    expect(holds({ kind: "text", field: "body", contains: "urgent" })).toBe(false);
    expect(holds({ kind: "text", field: "body", contains: "urgent" }, { commentText: "This is URGENT now" })).toBe(
      true,
    );
    expect(holds({ kind: "text", field: "either", contains: "printer" })).toBe(true);
  });

  it("sender: the requester's whole address or its domain, ignoring case", () => {
    expect(holds({ kind: "sender", match: "email", values: ["dana@acme.test"] })).toBe(true);
    expect(holds({ kind: "sender", match: "domain", values: ["acme.test"] })).toBe(true);
    expect(holds({ kind: "sender", match: "domain", values: ["birch.test"] })).toBe(false);
    expect(holds({ kind: "sender", match: "email", values: ["someone@acme.test"] })).toBe(false);
  });

  it("changed to: only on an update that changed the field, to the value or any", () => {
    const changes = { priority: { from: "P3", to: "P2" }, assigneeId: { from: "x", to: null } };
    expect(holds({ kind: "changed", field: "priority", to: "P2" }, { changes })).toBe(true);
    expect(holds({ kind: "changed", field: "priority", to: "P1" }, { changes })).toBe(false);
    expect(holds({ kind: "changed", field: "priority" }, { changes })).toBe(true);
    expect(holds({ kind: "changed", field: "assigneeId", to: null }, { changes })).toBe(true);
    expect(holds({ kind: "changed", field: "status" }, { changes })).toBe(false);
    expect(holds({ kind: "changed", field: "priority" })).toBe(false);
    // A dry run has no event: the field's present value stands in for the change.
    expect(holds({ kind: "changed", field: "priority", to: "P2" }, { dryRun: true })).toBe(true);
  });

  it("all conditions must hold; none always holds", () => {
    expect(conditionsHold([], { ticket })).toBe(true);
    expect(
      conditionsHold(
        [
          { kind: "priority", in: ["P2"] },
          { kind: "type", in: ["TASK"] },
        ],
        { ticket },
      ),
    ).toBe(false);
  });
});
