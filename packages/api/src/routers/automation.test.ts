// Automation rules (docs/features.md §15) on a real server and database: who may manage them, each action
// kind through a ticket event, order and "stop here", the loop guard, the dry run's hands-off answer,
// the time-based trigger fired once by concurrent runs on a controlled clock, and company isolation.
import {
  and,
  auditLogs,
  automationRules,
  automationRuns,
  cannedReplies,
  eq,
  httpDeliveries,
  webhookEvents,
  outbox,
  ticketComments,
  tickets,
} from "@repo/db";
import type { AutomationRuleInput } from "@repo/validators";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { systemScope } from "../auth/scope.js";
import { fireTimedRules } from "../automation/timed.js";
import { sweepSla } from "../sla/sweep.js";
import { ACME, ADMIN, AGENT, BIRCH, demoCompanies, userIds, VIEWER } from "../test/fixtures.js";
import { serverForFile } from "../test/file-server.js";
import { addComment, createTicket, updateTicket } from "../tickets/service.js";
import type { Actor, NewTicket } from "../tickets/types.js";

const { server, tokens } = serverForFile([ADMIN, AGENT, VIEWER, ACME]);
const db = () => server.services.db;
const call = (method: string, path: string, json?: unknown, email: string = ADMIN) =>
  server.request(path, { method, json, token: tokens[email] });

let acme: string;
let birch: string;
let agentId: string;
let admin: Actor;
let cannedId: string;

beforeAll(async () => {
  ({ acme, birch } = await demoCompanies(server));
  const ids = await userIds(server);
  agentId = ids[AGENT]!;
  admin = { id: ids[ADMIN]!, name: "Admin", role: "ADMIN" };
  const [reply] = await db()
    .insert(cannedReplies)
    .values({
      title: "Printer steps",
      body: "Hi {{requester.firstName}}, please restart the printer.",
      authorId: ids[ADMIN]!,
    })
    .returning();
  cannedId = reply!.id;
});
beforeEach(async () => {
  await db().delete(automationRules);
});

async function saveRule(rule: Partial<AutomationRuleInput> & Pick<AutomationRuleInput, "actions">) {
  const res = await call("POST", "/api/automation/rules", {
    name: "Rule",
    trigger: { kind: "ticket.created" },
    conditions: [],
    ...rule,
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as { id: string; position: number };
}

const open = (input: Partial<NewTicket> = {}, now?: Date) =>
  createTicket(server.services, {
    scope: systemScope("seed"),
    input: {
      title: "Printer jams on every page",
      description: "The front desk printer jams since Monday morning.",
      type: "INCIDENT",
      priority: "P3",
      status: "NEW",
      requesterName: "Dana Whitfield",
      requesterEmail: ACME,
      clientId: acme,
      ...input,
    },
    source: "staff",
    actor: admin,
    now,
  });
const reload = async (id: string) => (await db().select().from(tickets).where(eq(tickets.id, id)))[0]!;
const runsOf = (ruleId: string) => db().select().from(automationRuns).where(eq(automationRuns.ruleId, ruleId));

describe("who manages rules", () => {
  it("answers an admin and refuses agents, viewers and clients with 403", async () => {
    expect((await call("GET", "/api/automation/rules")).status).toBe(200);
    for (const email of [AGENT, VIEWER, ACME]) {
      expect((await call("GET", "/api/automation/rules", undefined, email)).status).toBe(403);
      const res = await call(
        "POST",
        "/api/automation/rules",
        {
          name: "x",
          trigger: { kind: "ticket.created" },
          conditions: [],
          actions: [{ kind: "set_priority", priority: "P1" }],
        },
        email,
      );
      expect(res.status).toBe(403);
    }
    expect(await db().select().from(automationRules)).toEqual([]);
  });

  it("refuses bad rules with a 400 naming the problem, and saves nothing", async () => {
    const bad = async (rule: unknown, message: string) => {
      const res = await call("POST", "/api/automation/rules", rule);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: string }).error).toContain(message);
    };
    const base = { name: "Bad", trigger: { kind: "ticket.created" }, conditions: [] };
    await bad({ ...base, actions: [] }, "Add at least one action");
    await bad(
      { ...base, actions: [{ kind: "notify_slack", url: "ftp://x" }] },
      "The Slack webhook URL must be an http or https URL",
    );
    await bad(
      {
        ...base,
        trigger: { kind: "status.duration", status: "WAITING_CUSTOMER", amount: 0, unit: "business_days" },
        actions: [{ kind: "set_priority", priority: "P1" }],
      },
      "Enter at least 1",
    );
    await bad(
      { ...base, actions: [{ kind: "assign", userId: (await userIds(server))[VIEWER] }] },
      "Tickets can be assigned to active admins and agents only",
    );
    await bad(
      {
        ...base,
        actions: [{ kind: "canned_reply", cannedReplyId: "0195f0a0-0000-7000-8000-000000000009", as: "public" }],
      },
      "Choose a canned reply that exists",
    );
    expect(await db().select().from(automationRules)).toEqual([]);
  });
});

describe("actions on ticket.created", () => {
  it("applies each action kind in order, as 'Automation: <rule>', audited, mailed and queued", async () => {
    const rule = await saveRule({
      name: "Printer triage",
      conditions: [{ kind: "text", field: "subject", contains: "printer" }],
      actions: [
        { kind: "assign", userId: agentId },
        { kind: "set_priority", priority: "P2" },
        { kind: "set_type", type: "REQUEST" },
        { kind: "add_tags", tags: ["printer", "onsite"] },
        { kind: "set_status", status: "TRIAGED" },
        { kind: "canned_reply", cannedReplyId: cannedId, as: "public" },
        { kind: "canned_reply", cannedReplyId: cannedId, as: "internal" },
        { kind: "send_mail", to: "requester", subject: "About {{ticket.reference}}", body: "We are on it." },
        { kind: "send_mail", to: "printers@vendor.test", subject: "Jam", body: "Another jam." },
        { kind: "notify_teams", url: "https://example.test/teams" },
        { kind: "notify_slack", url: "https://hooks.slack.test/services/x" },
        { kind: "webhook", url: "https://example.test/hook" },
      ],
    });
    const created = await open();
    const ticket = await reload(created.id);
    expect(ticket).toMatchObject({ assigneeId: agentId, priority: "P2", type: "REQUEST", status: "TRIAGED" });
    expect(ticket.tags).toEqual(["printer", "onsite"]);

    const comments = await db().select().from(ticketComments).where(eq(ticketComments.ticketId, created.id));
    expect(comments.map((c) => [c.internal, c.authorName, c.content])).toEqual([
      [false, "Automation: Printer triage", "Hi Dana, please restart the printer."],
      [true, "Automation: Printer triage", "Hi Dana, please restart the printer."],
    ]);
    const history = await db().select().from(auditLogs).where(eq(auditLogs.ticketId, created.id));
    expect(history.filter((h) => h.actorName === "Automation: Printer triage").length).toBeGreaterThanOrEqual(5);

    const mails = await db().select().from(outbox).where(eq(outbox.ticketId, created.id));
    expect(
      mails
        .filter((m) => m.kind === "automation.mail")
        .map((m) => m.to)
        .sort(),
    ).toEqual([ACME, "printers@vendor.test"]);
    // The public reply mails the requester as any staff reply does.
    expect(mails.some((m) => m.kind === "ticket.reply" && m.to === ACME)).toBe(true);

    const deliveries = await db().select().from(httpDeliveries).where(eq(httpDeliveries.ticketId, created.id));
    const byKind = Object.fromEntries(deliveries.map((d) => [d.kind, d]));
    expect(Object.keys(byKind).sort()).toEqual(["rule-webhook", "slack", "teams"]);
    for (const d of deliveries) expect(d.ruleId).toBe(rule.id);

    // Teams: a workflow's message with one Adaptive Card (Microsoft's documented shape).
    // biome-ignore lint/suspicious/noExplicitAny: a JSON body, checked field by field against the documented shape
    const teams = byKind.teams!.body as any;
    expect(byKind.teams!.url).toBe("https://example.test/teams");
    expect(teams.type).toBe("message");
    expect(teams.attachments).toHaveLength(1);
    expect(teams.attachments[0].contentType).toBe("application/vnd.microsoft.card.adaptive");
    const card = teams.attachments[0].content;
    expect(card.$schema).toBe("http://adaptivecards.io/schemas/adaptive-card.json");
    expect(card.type).toBe("AdaptiveCard");
    expect(card.version).toBe("1.4");
    expect(card.body[0]).toMatchObject({ type: "TextBlock", wrap: true });
    expect(card.body[0].text).toContain("Printer jams on every page");
    const facts = Object.fromEntries(
      card.body[1].facts.map((f: { title: string; value: string }) => [f.title, f.value]),
    );
    expect(card.body[1].type).toBe("FactSet");
    expect(facts).toMatchObject({ Company: "Acme Dental", SLA: expect.any(String) });
    expect(["P2 High"]).toContain(facts.Priority);
    expect(card.actions).toEqual([
      {
        type: "Action.OpenUrl",
        title: "Open ticket",
        url: expect.stringMatching(new RegExp(`/tickets/${created.id}$`)),
      },
    ]);

    // Slack: an incoming webhook's text fallback and Block Kit blocks.
    // biome-ignore lint/suspicious/noExplicitAny: a JSON body, checked field by field against the documented shape
    const slack = byKind.slack!.body as any;
    expect(slack.text).toContain("Printer jams on every page");
    expect(slack.text).toContain("Acme Dental");
    expect(slack.blocks.map((b: { type: string }) => b.type)).toEqual(["header", "section", "context", "actions"]);
    expect(slack.blocks[0].text).toEqual({ type: "plain_text", text: expect.stringContaining("Printer jams") });
    expect(slack.blocks[1].fields.map((f: { type: string; text: string }) => f.text)).toEqual([
      "*Company*\nAcme Dental",
      "*Priority*\nP2 High",
      "*Status*\nTriaged",
      expect.stringMatching(/^\*SLA\*\n/),
    ]);
    expect(slack.blocks[3].elements[0]).toEqual({
      type: "button",
      text: { type: "plain_text", text: "Open ticket" },
      url: expect.stringMatching(new RegExp(`/tickets/${created.id}$`)),
    });

    const hook = byKind["rule-webhook"]!.body as Record<string, unknown> & { ticket: unknown };
    expect(hook).toMatchObject({
      type: "rule.webhook",
      trigger: "ticket.created",
      rule: { id: rule.id, name: "Printer triage" },
    });
    expect(hook.ticket).toMatchObject({ id: created.id, priority: "P2", status: "TRIAGED", company: "Acme Dental" });

    // The run log: one matched run with what each action changed.
    const res = await call("GET", `/api/automation/rules/${rule.id}/runs`);
    const { runs } = (await res.json()) as {
      runs: { ticketId: string; matched: boolean; effects: { kind: string; change: string }[]; error: string | null }[];
    };
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ ticketId: created.id, matched: true, error: null });
    expect(runs[0]!.effects.map((e) => e.kind)).toEqual([
      "assign",
      "set_priority",
      "set_type",
      "add_tags",
      "set_status",
      "canned_reply",
      "canned_reply",
      "send_mail",
      "send_mail",
      "notify_teams",
      "notify_slack",
      "webhook",
    ]);
    expect(runs[0]!.effects[1]!.change).toBe("Priority: P3 Normal → P2 High");
  });

  it("leaves a ticket its conditions do not match alone, and logs nothing", async () => {
    const rule = await saveRule({
      conditions: [{ kind: "company", clientIds: [acme] }],
      actions: [{ kind: "set_priority", priority: "P1" }],
    });
    const other = await open({ clientId: birch, requesterEmail: BIRCH });
    expect((await reload(other.id)).priority).toBe("P3");
    expect(await runsOf(rule.id)).toEqual([]);
  });

  it("logs a failing rule's error, undoes its own changes and keeps the write", async () => {
    const rule = await saveRule({
      actions: [
        { kind: "set_priority", priority: "P1" },
        { kind: "canned_reply", cannedReplyId: cannedId, as: "public" },
      ],
    });
    const [spare] = await db()
      .insert(cannedReplies)
      .values({ title: "Gone", body: "x", authorId: admin.id! })
      .returning();
    await db()
      .update(automationRules)
      .set({
        actions: [
          { kind: "set_priority", priority: "P1" },
          { kind: "canned_reply", cannedReplyId: spare!.id, as: "public" },
        ],
      })
      .where(eq(automationRules.id, rule.id));
    await db().delete(cannedReplies).where(eq(cannedReplies.id, spare!.id));
    const created = await open();
    expect((await reload(created.id)).priority).toBe("P3");
    const [run] = await runsOf(rule.id);
    expect(run).toMatchObject({ matched: true, error: "Canned reply not found", effects: [] });
  });
});

describe("order, stop here, loop guard", () => {
  it("runs rules in order; a matched rule with stop here ends the evaluation; moving reorders", async () => {
    const first = await saveRule({ name: "First", actions: [{ kind: "add_tags", tags: ["first"] }], stopHere: true });
    const second = await saveRule({ name: "Second", actions: [{ kind: "add_tags", tags: ["second"] }] });
    expect(second.position).toBeGreaterThan(first.position);
    expect((await reload((await open()).id)).tags).toEqual(["first"]);

    const moved = await call("POST", `/api/automation/rules/${second.id}/move`, { direction: "up" });
    expect(((await moved.json()) as { rules: { id: string }[] }).rules.map((r) => r.id)).toEqual([second.id, first.id]);
    expect((await reload((await open()).id)).tags).toEqual(["second", "first"]);

    // Disabled: skipped.
    await call("PUT", `/api/automation/rules/${second.id}/enabled`, { enabled: false });
    expect((await reload((await open()).id)).tags).toEqual(["first"]);
  });

  it("a rule's change never triggers rules again: two rules that would ping-pong run once", async () => {
    const up = await saveRule({
      name: "Up",
      trigger: { kind: "ticket.updated" },
      conditions: [{ kind: "changed", field: "priority", to: "P1" }],
      actions: [{ kind: "set_priority", priority: "P2" }],
    });
    const down = await saveRule({
      name: "Down",
      trigger: { kind: "ticket.updated" },
      conditions: [{ kind: "changed", field: "priority", to: "P2" }],
      actions: [{ kind: "set_priority", priority: "P1" }],
    });
    const created = await open();
    await updateTicket(server.services, {
      id: created.id,
      patch: { priority: "P1" },
      actor: admin,
      scope: systemScope("seed"),
    });
    expect((await reload(created.id)).priority).toBe("P2");
    expect(await runsOf(up.id)).toHaveLength(1);
    expect(await runsOf(down.id)).toHaveLength(0);
  });

  it("runs on comments and SLA transitions", async () => {
    const onComment = await saveRule({
      trigger: { kind: "comment.created" },
      conditions: [{ kind: "text", field: "body", contains: "urgent" }],
      actions: [{ kind: "set_priority", priority: "P1" }],
    });
    const created = await open();
    await addComment(server.services, {
      ticketId: created.id,
      author: { id: (await userIds(server))[ACME], name: "Dana Whitfield", role: "CLIENT" },
      content: "This is urgent, nobody can print.",
      internal: false,
      scope: systemScope("seed"),
    });
    expect((await reload(created.id)).priority).toBe("P1");
    expect(await runsOf(onComment.id)).toHaveLength(1);

    const onOverdue = await saveRule({
      trigger: { kind: "sla.overdue" },
      actions: [{ kind: "add_tags", tags: ["breached"] }],
    });
    const old = await open(
      { priority: "P1", title: "Server down since last week" },
      new Date(Date.now() - 30 * 86_400_000),
    );
    await sweepSla(db(), server.services.bus, systemScope("job"));
    expect((await reload(old.id)).tags).toContain("breached");
    expect((await runsOf(onOverdue.id)).some((r) => r.ticketId === old.id && r.trigger === "sla.overdue")).toBe(true);
  });
});

describe("dry run", () => {
  it("answers per ticket what would change over the last 100 tickets, and changes nothing", async () => {
    const snapshot = async () => ({
      tickets: await db()
        .select({ id: tickets.id, priority: tickets.priority, tags: tickets.tags, version: tickets.version })
        .from(tickets),
      mails: (await db().select({ id: outbox.id }).from(outbox)).length,
      deliveries: (await db().select({ id: httpDeliveries.id }).from(httpDeliveries)).length,
      events: await db().$count(webhookEvents),
      comments: (await db().select({ id: ticketComments.id }).from(ticketComments)).length,
    });
    const before = await snapshot();
    const rule = {
      name: "Acme P1",
      trigger: { kind: "ticket.created" as const },
      conditions: [{ kind: "company" as const, clientIds: [acme] }],
      actions: [
        { kind: "set_priority" as const, priority: "P1" as const },
        { kind: "notify_slack" as const, url: "https://hooks.slack.test/x" },
      ],
    };
    const res = await call("POST", "/api/automation/dry-run", { rule });
    expect(res.status).toBe(200);
    const { tickets: rows } = (await res.json()) as {
      tickets: { ticketId: string; matched: boolean; effects: { kind: string }[] }[];
    };
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThanOrEqual(100);
    const companyOf = new Map(
      (await db().select({ id: tickets.id, clientId: tickets.clientId, priority: tickets.priority }).from(tickets)).map(
        (t) => [t.id, t],
      ),
    );
    for (const row of rows) {
      const t = companyOf.get(row.ticketId)!;
      expect(row.matched).toBe(t.clientId === acme);
      expect(row.effects.map((e) => e.kind)).toEqual(
        row.matched ? [...(t.priority === "P1" ? [] : ["set_priority"]), "notify_slack"] : [],
      );
    }
    const saved = await saveRule(rule);
    expect((await call("POST", "/api/automation/dry-run", { id: saved.id })).status).toBe(200);
    expect(await snapshot()).toEqual(before);
    const [logged] = await runsOf(saved.id);
    expect(logged).toMatchObject({ dryRun: true, ticketId: null });
    expect((await call("POST", "/api/automation/dry-run", { id: saved.id }, AGENT)).status).toBe(403);
    expect((await call("POST", "/api/automation/dry-run", {})).status).toBe(400);
  });
});

describe("time-based trigger", () => {
  it("fires once per ticket per entry into the status, after N business days, across concurrent runs", async () => {
    // Monday 23 November 2026, 10:00 in Toronto (15:00 UTC): 3 business days later is Thursday 10:00.
    const entered = new Date("2026-11-23T15:00:00Z");
    const rule = await saveRule({
      name: "Chase the client",
      trigger: { kind: "status.duration", status: "WAITING_CUSTOMER", amount: 3, unit: "business_days" },
      conditions: [{ kind: "tags", match: "any", tags: ["chase"] }],
      actions: [{ kind: "send_mail", to: "requester", subject: "Still there?", body: "We are waiting for you." }],
    });
    const ticket = await open({ status: "WAITING_CUSTOMER", tags: ["chase"] }, entered);
    const mine = async () => (await runsOf(rule.id)).filter((r) => r.ticketId === ticket.id);

    await fireTimedRules(db(), server.services.bus, new Date("2026-11-26T14:59:00Z"));
    expect(await mine()).toEqual([]);

    const at = new Date("2026-11-26T15:01:00Z");
    await Promise.all([fireTimedRules(db(), server.services.bus, at), fireTimedRules(db(), server.services.bus, at)]);
    await fireTimedRules(db(), server.services.bus, new Date("2026-11-27T15:00:00Z"));
    const runs = await mine();
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ matched: true, trigger: "status.duration", error: null });
    const mails = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.ticketId, ticket.id), eq(outbox.kind, "automation.mail")));
    expect(mails).toHaveLength(1);

    // Leaving the status and coming back is a new entry: it fires again once its time has passed.
    await updateTicket(server.services, {
      id: ticket.id,
      patch: { status: "IN_PROGRESS" },
      actor: admin,
      scope: systemScope("seed"),
      now: new Date("2026-11-27T15:00:00Z"),
    });
    await updateTicket(server.services, {
      id: ticket.id,
      patch: { status: "WAITING_CUSTOMER" },
      actor: admin,
      scope: systemScope("seed"),
      now: new Date("2026-11-27T15:01:00Z"),
    });
    await fireTimedRules(db(), server.services.bus, new Date("2026-11-30T15:00:00Z"));
    expect(await mine()).toHaveLength(1);
    await fireTimedRules(db(), server.services.bus, new Date("2026-12-02T15:02:00Z"));
    expect(await mine()).toHaveLength(2);
  });
});

describe("scope", () => {
  it("a rule touches only the event's ticket: another company's tickets keep their rows", async () => {
    await saveRule({
      conditions: [{ kind: "company", clientIds: [acme] }],
      actions: [{ kind: "add_tags", tags: ["acme-only"] }],
    });
    const birchBefore = await db()
      .select({ id: tickets.id, version: tickets.version })
      .from(tickets)
      .where(eq(tickets.clientId, birch));
    const mine = await open();
    expect((await reload(mine.id)).tags).toEqual(["acme-only"]);
    expect(
      await db().select({ id: tickets.id, version: tickets.version }).from(tickets).where(eq(tickets.clientId, birch)),
    ).toEqual(birchBefore);
  });
});
