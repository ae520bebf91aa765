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
  it("tells CC changes: an address added or removed, the switch on or off", () => {
    const added = { action: "cc.added", actorName: "Sam", changes: { cc: { from: null, to: "tom@acme.test" } } };
    expect(describeHistoryEntry(added, names)).toEqual({
      summary: "Sam copied an address on the ticket",
      details: ["Added: tom@acme.test"],
    });
    const removed = { action: "cc.removed", actorName: "Sam", changes: { cc: { from: "tom@acme.test", to: null } } };
    expect(describeHistoryEntry(removed, names).details).toEqual(["Removed: tom@acme.test"]);
    const copy = { action: "cc.copy", actorName: "Sam", changes: { copyCcOnReplies: { from: true, to: false } } };
    expect(describeHistoryEntry(copy, names).details).toEqual(["Copy CC on public replies: on → off"]);
  });

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
    expect(summary("ticket.archived", null)).toBe("System ticket.archived");
  });

  it("words merges, links and entries moved from a merged duplicate", () => {
    const target = "0190f3a2-0000-7000-8000-00001a2b3c4d";
    const merged = describeHistoryEntry(
      {
        action: "ticket.merged",
        actorName: "Sam",
        changes: { status: { from: "NEW", to: "CLOSED" }, mergedIntoId: { from: null, to: target } },
      },
      names,
    );
    expect(merged).toEqual({
      summary: "Sam merged this ticket into another",
      details: ["Status: New → Closed", "Merged into set to #1a2b3c4d"],
    });
    const linked = describeHistoryEntry(
      {
        action: "link.added",
        actorName: "Sam",
        changes: { link: { from: null, to: { ticketId: target, kind: "caused_by", back: true } } },
      },
      names,
    );
    expect(linked).toEqual({ summary: "Sam linked a ticket", details: ["Added: Causes #1a2b3c4d"] });
    const moved = describeHistoryEntry(
      { action: "comment.created", actorName: "Dana", changes: null, mergedFromId: target },
      names,
    );
    expect(moved.details).toEqual(["From merged ticket #1a2b3c4d"]);
  });
});
