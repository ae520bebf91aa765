import { describe, expect, it } from "vitest";
import { describeHistoryEntry, type HistoryNames } from "./describe-history";

const names: HistoryNames = {
  users: new Map([["u-sam", "Sam Patel"]]),
  clients: new Map([
    ["c-acme", "Acme Dental"],
    ["c-birch", "Birch Legal"],
  ]),
};

describe("describeHistoryEntry", () => {
  it("states what a ticket started with", () => {
    const entry = {
      action: "ticket.created",
      actorName: "Dana",
      changes: { status: { from: null, to: "NEW" }, priority: { from: null, to: "P2" } },
    };
    expect(describeHistoryEntry(entry, names)).toEqual({
      summary: "Dana created the ticket",
      details: ["Status: New", "Priority: P2 High"],
    });
  });

  it("names people and companies instead of ids, and labels statuses", () => {
    const entry = {
      action: "ticket.updated",
      actorName: "Alex",
      changes: {
        status: { from: "NEW", to: "WAITING_CUSTOMER" },
        assigneeId: { from: null, to: "u-sam" },
        clientId: { from: "c-acme", to: "c-birch" },
      },
    };
    expect(describeHistoryEntry(entry, names).details).toEqual([
      "Status: New → Waiting on Customer",
      "Assignee set to Sam Patel",
      "Client: Acme Dental → Birch Legal",
    ]);
  });

  it("says an assignee was removed, and that a description changed without quoting it", () => {
    const entry = {
      action: "ticket.updated",
      actorName: "Alex",
      changes: { assigneeId: { from: "u-gone", to: null }, description: { from: "a", to: "b" } },
    };
    expect(describeHistoryEntry(entry, names).details).toEqual([
      "Assignee: a former user → Unassigned",
      "Description changed",
    ]);
  });

  it("words comments, notes and reopenings, and falls back to the raw action", () => {
    const summary = (action: string, actorName: string | null = "Sam") =>
      describeHistoryEntry({ action, actorName, changes: null }, names).summary;
    expect(summary("comment.created")).toBe("Sam replied");
    expect(summary("note.created")).toBe("Sam added an internal note");
    expect(summary("ticket.reopened", "Dana")).toBe("Dana replied and reopened the ticket");
    expect(summary("ticket.merged", null)).toBe("System ticket.merged");
  });
});
