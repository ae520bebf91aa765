import { describe, expect, it } from "vitest";
import { aroundTheClock, businessHours, endOfLocalDay, localDate } from "./calendar.js";
import { applyChange, blankSla, pausedWorkingTime, slaStateAt, type SlaFields } from "./clock.js";
import { defaultPolicies } from "./policies.js";

const H = 3_600_000;
const at = (iso: string) => new Date(iso);
const policies = defaultPolicies();

/** A ticket created at `createdAt` in `status` on `priority`, as createTicket stamps it. */
function created(createdAt: string, priority: keyof typeof policies, status: "NEW" | "TRIAGED" = "NEW"): SlaFields {
  return applyChange(blankSla(at(createdAt)), { status, policy: policies[priority] }, at(createdAt));
}

describe("business-hours calendar (Mon-Fri 09:00-17:00 Toronto)", () => {
  it("skips the weekend: Friday 15:00 + 4 h is Monday 11:00", () => {
    // 2026-01-09 is a Friday; Toronto is UTC-5 in winter.
    expect(businessHours.add(at("2026-01-09T20:00:00Z"), 4 * H).toISOString()).toBe("2026-01-12T16:00:00.000Z");
    expect(businessHours.between(at("2026-01-09T20:00:00Z"), at("2026-01-12T16:00:00Z"))).toBe(4 * H);
  });

  it("starts a ticket opened at night at the next opening", () => {
    // Tuesday 20:00 -> Wednesday 09:00 + 4 h.
    expect(businessHours.add(at("2026-01-14T01:00:00Z"), 4 * H).toISOString()).toBe("2026-01-14T18:00:00.000Z");
    expect(businessHours.between(at("2026-01-10T12:00:00Z"), at("2026-01-11T23:00:00Z"))).toBe(0); // a weekend
  });

  it("ends exactly at closing time rather than rolling to the next morning", () => {
    // Monday 09:00 + 8 h = Monday 17:00.
    expect(businessHours.add(at("2026-01-12T14:00:00Z"), 8 * H).toISOString()).toBe("2026-01-12T22:00:00.000Z");
  });

  it("keeps 09:00-17:00 local across the March DST change (2026-03-08)", () => {
    // Friday 2026-03-06 16:00 EST (21:00Z) + 8 h = Monday 2026-03-09 16:00 EDT (20:00Z).
    expect(businessHours.add(at("2026-03-06T21:00:00Z"), 8 * H).toISOString()).toBe("2026-03-09T20:00:00.000Z");
    expect(businessHours.between(at("2026-03-06T21:00:00Z"), at("2026-03-09T20:00:00Z"))).toBe(8 * H);
    // Monday after the change opens at 09:00 EDT = 13:00Z.
    expect(businessHours.add(at("2026-03-08T12:00:00Z"), 1).getTime()).toBe(at("2026-03-09T13:00:00Z").getTime() + 1);
  });

  it("keeps 09:00-17:00 local across the November DST change (2026-11-01)", () => {
    // Friday 2026-10-30 16:00 EDT (20:00Z) + 8 h = Monday 2026-11-02 16:00 EST (21:00Z).
    expect(businessHours.add(at("2026-10-30T20:00:00Z"), 8 * H).toISOString()).toBe("2026-11-02T21:00:00.000Z");
    expect(businessHours.between(at("2026-10-30T20:00:00Z"), at("2026-11-02T21:00:00Z"))).toBe(8 * H);
  });

  it("counts long spans by whole weeks", () => {
    // 100 business days from Monday 2026-01-05 09:00 end on Friday 2026-05-22 17:00 EDT.
    expect(businessHours.add(at("2026-01-05T14:00:00Z"), 100 * 8 * H).toISOString()).toBe("2026-05-22T21:00:00.000Z");
    expect(businessHours.between(at("2026-01-05T14:00:00Z"), at("2026-05-22T21:00:00Z"))).toBe(100 * 8 * H);
  });

  it("tells local dates and the end of the local day", () => {
    expect(localDate(at("2026-03-08T04:59:00Z"))).toBe("2026-03-07");
    // The day of the March change has 23 hours: it ends at 04:00Z, not 05:00Z.
    expect(endOfLocalDay(at("2026-03-08T12:00:00Z")).toISOString()).toBe("2026-03-09T04:00:00.000Z");
    expect(endOfLocalDay(at("2026-11-01T12:00:00Z")).toISOString()).toBe("2026-11-02T05:00:00.000Z");
  });
});

describe("due times per policy", () => {
  it("P1 runs around the clock: 2 h / 8 h, DST night or not", () => {
    const t = created("2026-03-08T05:30:00Z", "P1"); // Sunday 00:30 EST, the night clocks jump
    expect(t.responseDueAt!.toISOString()).toBe("2026-03-08T07:30:00.000Z");
    expect(t.resolutionDueAt!.toISOString()).toBe("2026-03-08T13:30:00.000Z");
  });

  it("P2: 4 business hours / 1 business day, over a weekend", () => {
    const t = created("2026-01-09T20:00:00Z", "P2"); // Friday 15:00
    expect(t.responseDueAt!.toISOString()).toBe("2026-01-12T16:00:00.000Z"); // Monday 11:00
    expect(t.resolutionDueAt!.toISOString()).toBe("2026-01-12T20:00:00.000Z"); // Monday 15:00
  });

  it("P3 1 / 3 business days and P4 2 / 5 business days", () => {
    const p3 = created("2026-01-12T14:00:00Z", "P3"); // Monday 09:00
    expect(p3.responseDueAt!.toISOString()).toBe("2026-01-12T22:00:00.000Z");
    expect(p3.resolutionDueAt!.toISOString()).toBe("2026-01-14T22:00:00.000Z"); // Wednesday 17:00
    const p4 = created("2026-01-12T14:00:00Z", "P4");
    expect(p4.responseDueAt!.toISOString()).toBe("2026-01-13T22:00:00.000Z");
    expect(p4.resolutionDueAt!.toISOString()).toBe("2026-01-16T22:00:00.000Z"); // Friday 17:00
  });
});

describe("stamps", () => {
  it("a status past NEW is the first response; later changes keep it", () => {
    const t = created("2026-01-12T14:00:00Z", "P3");
    expect(t.firstResponseAt).toBeNull();
    const triaged = applyChange(t, { status: "TRIAGED", policy: policies.P3 }, at("2026-01-12T15:00:00Z"));
    expect(triaged.firstResponseAt!.toISOString()).toBe("2026-01-12T15:00:00.000Z");
    const later = applyChange(triaged, { status: "IN_PROGRESS", policy: policies.P3 }, at("2026-01-12T16:00:00Z"));
    expect(later.firstResponseAt).toEqual(triaged.firstResponseAt);
  });

  it("a public staff reply is the first response even in NEW", () => {
    const t = created("2026-01-12T14:00:00Z", "P3");
    const replied = applyChange(
      t,
      { status: "NEW", policy: policies.P3, staffReply: true },
      at("2026-01-12T14:30:00Z"),
    );
    expect(replied.firstResponseAt!.toISOString()).toBe("2026-01-12T14:30:00.000Z");
  });

  it("stamps resolvedAt and closedAt; reopening clears them and restarts the resolution clock", () => {
    const t = created("2026-01-12T14:00:00Z", "P3", "TRIAGED"); // Monday 09:00
    const resolved = applyChange(t, { status: "RESOLVED", policy: policies.P3 }, at("2026-01-12T16:00:00Z"));
    expect(resolved.resolvedAt!.toISOString()).toBe("2026-01-12T16:00:00.000Z");
    expect(resolved.pausedAt).toEqual(resolved.resolvedAt);
    const closed = applyChange(resolved, { status: "CLOSED", policy: policies.P3 }, at("2026-01-13T14:00:00Z"));
    expect(closed.closedAt!.toISOString()).toBe("2026-01-13T14:00:00.000Z");
    expect(closed.resolvedAt).toEqual(resolved.resolvedAt);
    // Reopened Tuesday 09:00: the 3-business-day target starts again from there (decision 0016).
    const reopened = applyChange(closed, { status: "TRIAGED", policy: policies.P3 }, at("2026-01-13T14:00:00Z"));
    expect(reopened.resolvedAt).toBeNull();
    expect(reopened.closedAt).toBeNull();
    expect(reopened.reopenedAt!.toISOString()).toBe("2026-01-13T14:00:00.000Z");
    expect(reopened.pausedMs).toBe(0);
    expect(reopened.pausedAt).toBeNull();
    expect(reopened.resolutionDueAt!.toISOString()).toBe("2026-01-15T22:00:00.000Z"); // Thursday 17:00
    // The response target was met on Monday and does not start again.
    expect(reopened.responseDueAt).toEqual(closed.responseDueAt);
  });
});

describe("reopening (decision 0016)", () => {
  it("a ticket resolved late and reopened is not overdue at once: it gets the full target from the reopening", () => {
    const t = created("2026-01-12T14:00:00Z", "P2", "TRIAGED"); // Monday 09:00, resolution due Monday 17:00
    const resolved = applyChange(t, { status: "RESOLVED", policy: policies.P2 }, at("2026-01-13T15:00:00Z"));
    expect(resolved.resolutionDueAt!.toISOString()).toBe("2026-01-12T22:00:00.000Z"); // breached
    const reopenedAt = at("2026-01-14T15:00:00Z"); // Wednesday 10:00
    const reopened = applyChange(resolved, { status: "IN_PROGRESS", policy: policies.P2 }, reopenedAt);
    expect(reopened.resolutionDueAt!.toISOString()).toBe("2026-01-15T15:00:00.000Z"); // Thursday 10:00
    expect(slaStateAt({ ...reopened, status: "IN_PROGRESS" }, policies.P2, reopenedAt)).toBe("ok");
    // Six business hours later (Wednesday 16:00): 75% of the 8-hour target used.
    expect(slaStateAt({ ...reopened, status: "IN_PROGRESS" }, policies.P2, at("2026-01-14T21:00:00Z"))).toBe("at_risk");
    expect(slaStateAt({ ...reopened, status: "IN_PROGRESS" }, policies.P2, at("2026-01-15T16:00:00Z"))).toBe("overdue");
  });

  it("stops before the reopening no longer count; stops after it do", () => {
    const t = created("2026-01-12T14:00:00Z", "P3", "TRIAGED");
    const waiting = applyChange(t, { status: "WAITING_CUSTOMER", policy: policies.P3 }, at("2026-01-12T15:00:00Z"));
    const back = applyChange(waiting, { status: "IN_PROGRESS", policy: policies.P3 }, at("2026-01-12T17:00:00Z"));
    expect(back.pausedMs).toBe(2 * H);
    const resolved = applyChange(back, { status: "RESOLVED", policy: policies.P3 }, at("2026-01-12T18:00:00Z"));
    // Reopened straight into WAITING_CUSTOMER (Tuesday 09:00): the clock stands from the reopening.
    const reopened = applyChange(
      resolved,
      { status: "WAITING_CUSTOMER", policy: policies.P3 },
      at("2026-01-13T14:00:00Z"),
    );
    expect(reopened.pausedMs).toBe(0);
    expect(reopened.pausedAt!.toISOString()).toBe("2026-01-13T14:00:00.000Z");
    // The customer answers at Tuesday 11:00: two business hours of stop, and 3 business days from Tuesday 09:00.
    const resumed = applyChange(reopened, { status: "IN_PROGRESS", policy: policies.P3 }, at("2026-01-13T16:00:00Z"));
    expect(resumed.pausedMs).toBe(2 * H);
    expect(resumed.resolutionDueAt!.toISOString()).toBe("2026-01-16T16:00:00.000Z"); // Friday 11:00
  });

  it("uses the policy's at-risk share", () => {
    const t = created("2026-01-12T14:00:00Z", "P2", "TRIAGED"); // due Monday 17:00
    const half = { ...policies.P2, atRiskShare: 0.5 };
    const noon = at("2026-01-12T18:00:00Z"); // 13:00: half the target used
    expect(slaStateAt({ ...t, status: "TRIAGED" }, policies.P2, noon)).toBe("ok");
    expect(slaStateAt({ ...t, status: "TRIAGED" }, half, noon)).toBe("at_risk");
  });
});

describe("pauses", () => {
  it("WAITING_CUSTOMER stops the clock; only business hours of the pause are added back", () => {
    const t = created("2026-01-12T14:00:00Z", "P3"); // Monday 09:00, resolution due Wednesday 17:00
    const waiting = applyChange(t, { status: "WAITING_CUSTOMER", policy: policies.P3 }, at("2026-01-12T16:00:00Z"));
    expect(waiting.pausedAt!.toISOString()).toBe("2026-01-12T16:00:00.000Z");
    // Resumed Wednesday 11:00: Monday 11:00 to Wednesday 11:00 is 16 business hours.
    const resumed = applyChange(waiting, { status: "IN_PROGRESS", policy: policies.P3 }, at("2026-01-14T16:00:00Z"));
    expect(resumed.pausedAt).toBeNull();
    expect(resumed.pausedMs).toBe(16 * H);
    expect(resumed.resolutionDueAt!.toISOString()).toBe("2026-01-16T22:00:00.000Z"); // Friday 17:00
    // The response was given when it left NEW; its due time is history.
    expect(resumed.responseDueAt).toEqual(waiting.responseDueAt);
  });

  it("a pause over a weekend costs only its business hours", () => {
    const t = created("2026-01-16T14:00:00Z", "P2"); // Friday 09:00
    const held = applyChange(t, { status: "ON_HOLD", policy: policies.P2 }, at("2026-01-16T21:00:00Z")); // Fri 16:00
    const resumed = applyChange(held, { status: "IN_PROGRESS", policy: policies.P2 }, at("2026-01-19T15:00:00Z")); // Mon 10:00
    expect(resumed.pausedMs).toBe(2 * H);
    expect(resumed.resolutionDueAt!.toISOString()).toBe("2026-01-19T16:00:00.000Z"); // Friday 17:00 + 2 h = Monday 11:00
  });

  it("a priority change during a pause loses no pause time", () => {
    const t = created("2026-01-12T14:00:00Z", "P3"); // Monday 09:00
    const waiting = applyChange(t, { status: "WAITING_CUSTOMER", policy: policies.P3 }, at("2026-01-12T16:00:00Z")); // Mon 11:00
    // Raised to P2 on Tuesday while still waiting: the pause goes on.
    const raised = applyChange(
      waiting,
      { status: "WAITING_CUSTOMER", policy: policies.P2 },
      at("2026-01-13T17:00:00Z"),
    );
    expect(raised.pausedAt).toEqual(waiting.pausedAt);
    expect(raised.resolutionDueAt!.toISOString()).toBe("2026-01-12T22:00:00.000Z"); // as of the pause
    // While paused, it is neither overdue nor at risk, although its due time has passed on the wall clock.
    expect(slaStateAt({ ...raised, status: "WAITING_CUSTOMER" }, policies.P2, at("2026-01-14T15:00:00Z"))).toBe("ok");
    // Resumed Wednesday 11:00: 16 business hours paused, so 8 h from Monday 09:00 + 16 h = Wednesday 17:00.
    const resumed = applyChange(raised, { status: "IN_PROGRESS", policy: policies.P2 }, at("2026-01-14T16:00:00Z"));
    expect(resumed.pausedMs).toBe(16 * H);
    expect(resumed.resolutionDueAt!.toISOString()).toBe("2026-01-14T22:00:00.000Z");
  });

  it("re-measures finished pauses when the calendar changes (P3 to P1)", () => {
    // A Friday 16:00 to Monday 10:00 pause: 2 business hours, 66 hours around the clock.
    const stops = [
      { from: at("2026-01-16T21:00:00Z"), to: at("2026-01-19T15:00:00Z") },
      { from: at("2026-01-20T15:00:00Z"), to: null },
    ];
    expect(pausedWorkingTime(stops, businessHours)).toBe(2 * H);
    expect(pausedWorkingTime(stops, aroundTheClock)).toBe(66 * H);
  });

  it("pauses across a DST change count local business hours", () => {
    const t = created("2026-03-06T14:00:00Z", "P4"); // Friday 09:00 EST
    const waiting = applyChange(t, { status: "WAITING_CUSTOMER", policy: policies.P4 }, at("2026-03-06T20:00:00Z")); // 15:00 EST
    const resumed = applyChange(waiting, { status: "TRIAGED", policy: policies.P4 }, at("2026-03-09T14:00:00Z")); // Mon 10:00 EDT
    expect(resumed.pausedMs).toBe(3 * H);
  });
});

describe("state", () => {
  // P2 created Monday 09:00 and answered at once: resolution 8 business hours, due Monday 17:00 (22:00Z).
  const answered = { ...created("2026-01-12T14:00:00Z", "P2", "TRIAGED"), status: "TRIAGED" as const };

  it("is ok below 75% of the target", () => {
    expect(slaStateAt(answered, policies.P2, at("2026-01-12T19:59:00Z"))).toBe("ok");
  });

  it("is at risk from 75% used until the due time", () => {
    expect(slaStateAt(answered, policies.P2, at("2026-01-12T20:00:00Z"))).toBe("at_risk"); // 6 of 8 h
    expect(slaStateAt(answered, policies.P2, at("2026-01-12T22:00:00Z"))).toBe("at_risk");
  });

  it("is overdue once the resolution due time has passed", () => {
    expect(slaStateAt(answered, policies.P2, at("2026-01-12T22:00:01Z"))).toBe("overdue");
  });

  it("counts the response target while nobody has answered", () => {
    const fresh = { ...created("2026-01-12T14:00:00Z", "P2"), status: "NEW" as const };
    // 3 of 4 response hours used, 3 of 8 resolution hours: at risk on the response.
    expect(slaStateAt(fresh, policies.P2, at("2026-01-12T17:00:00Z"))).toBe("at_risk");
    expect(slaStateAt(fresh, policies.P2, at("2026-01-12T16:59:00Z"))).toBe("ok");
  });

  it("never flags finished tickets", () => {
    expect(slaStateAt({ ...answered, status: "RESOLVED" }, policies.P2, at("2026-02-01T00:00:00Z"))).toBe("ok");
  });

  it("does not run over the weekend", () => {
    // P3 due Wednesday 17:00; at-risk starts after 18 of 24 business hours = Wednesday 11:00.
    const p3 = { ...created("2026-01-12T14:00:00Z", "P3", "TRIAGED"), status: "TRIAGED" as const };
    expect(slaStateAt(p3, policies.P3, at("2026-01-14T15:59:00Z"))).toBe("ok");
    expect(slaStateAt(p3, policies.P3, at("2026-01-14T16:00:00Z"))).toBe("at_risk");
  });
});
