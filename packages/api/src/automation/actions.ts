// A rule's actions: what each would change (plan, for the dry run and the run log) and making the change
// (apply). Ticket changes go through the ticket service (ticket-writes.ts) as "Automation: <rule>", so
// they are audited, mailed and checked like anyone's; mails go to the outbox and Teams, Slack and webhook
// calls to the HTTP delivery queue, all in the caller's transaction.
import type { DbExecutor } from "@repo/db";
import {
  type AutomationAction,
  type AutomationEffect,
  fillPlaceholders,
  STAFF_PRIORITY_LABELS,
  TICKET_STATUS_LABELS,
  ticketReference,
} from "@repo/validators";
import { systemScope } from "../auth/scope.js";
import type { EventBus } from "../events.js";
import { NotFoundError } from "../errors.js";
import { enqueueMail } from "../mail/outbox.js";
import { publicBaseUrl } from "../mail/templates.js";
import type { TicketRow } from "../tickets/serialize.js";
import { enqueueHttpDelivery } from "../webhooks/deliveries.js";
import { automationActor } from "./actor.js";
import type { RuleLookups } from "./lookups.js";
import { slackMessage } from "./notify-slack.js";
import { teamsMessage } from "./notify-teams.js";
import { ticketCard } from "./ticket-card.js";
import { ticketWrites } from "./ticket-writes.js";

/** The rule as its actions need it. */
export interface ActingRule {
  id: string | null;
  name: string;
  actions: readonly AutomationAction[];
}

const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

const newTags = (ticket: Pick<TicketRow, "tags">, tags: readonly string[]) => {
  const has = new Set(ticket.tags.map((t) => t.toLowerCase()));
  return [...new Set(tags)].filter((t) => !has.has(t.toLowerCase()));
};

/** What `action` would change on `ticket`, in words; null when it would change nothing (already so). */
export async function planAction(
  ticket: TicketRow,
  action: AutomationAction,
  lookups: RuleLookups,
): Promise<AutomationEffect | null> {
  const effect = (change: string): AutomationEffect => ({ kind: action.kind, change });
  switch (action.kind) {
    case "assign":
      if (ticket.assigneeId === action.userId) return null;
      return effect(
        `Assignee: ${await lookups.userName(ticket.assigneeId)} → ${await lookups.userName(action.userId)}`,
      );
    case "set_priority":
      if (ticket.priority === action.priority) return null;
      return effect(`Priority: ${STAFF_PRIORITY_LABELS[ticket.priority]} → ${STAFF_PRIORITY_LABELS[action.priority]}`);
    case "set_status":
      if (ticket.status === action.status) return null;
      return effect(`Status: ${TICKET_STATUS_LABELS[ticket.status]} → ${TICKET_STATUS_LABELS[action.status]}`);
    case "set_type":
      if (ticket.type === action.type) return null;
      return effect(`Type: ${ticket.type} → ${action.type}`);
    case "add_tags": {
      const added = newTags(ticket, action.tags);
      return added.length ? effect(`Tags: + ${added.join(", ")}`) : null;
    }
    case "canned_reply": {
      const reply = await lookups.cannedReply(action.cannedReplyId);
      const what = action.as === "public" ? "Public reply" : "Internal note";
      return effect(`${what}: "${reply?.title ?? "a deleted canned reply"}"`);
    }
    case "send_mail":
      return effect(`Mail to ${action.to === "requester" ? ticket.requesterEmail : action.to}: "${action.subject}"`);
    case "notify_teams":
      return effect(`Teams message to ${hostOf(action.url)}`);
    case "notify_slack":
      return effect(`Slack message to ${hostOf(action.url)}`);
    case "webhook":
      return effect(`POST to ${action.url}`);
  }
}

/** The ticket as the next action of a dry run sees it, once `action` would have been applied. */
export function simulate(ticket: TicketRow, action: AutomationAction): TicketRow {
  switch (action.kind) {
    case "assign":
      return { ...ticket, assigneeId: action.userId };
    case "set_priority":
      return { ...ticket, priority: action.priority };
    case "set_status":
      return { ...ticket, status: action.status };
    case "set_type":
      return { ...ticket, type: action.type };
    case "add_tags":
      return { ...ticket, tags: [...ticket.tags, ...newTags(ticket, action.tags)] };
    default:
      return ticket;
  }
}

export interface ActionContext {
  trigger: string;
  lookups: RuleLookups;
  now: Date;
  /**
   * Where the rule's ticket writes announce themselves. Absent (rules run by a ticket write): dropped, as
   * the write that ran the rules publishes its own event for the ticket after commit.
   */
  bus?: EventBus;
}

/** Live events of a rule's writes are dropped: the write that ran the rules publishes its own for the ticket. */
const quietBus: EventBus = {
  publish: async () => undefined,
  subscribe: () => () => undefined,
  close: async () => undefined,
};

const escapeHtml = (s: string) =>
  s.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

/**
 * Applies the rule's actions in order to `ticket`, inside `tx`; returns the ticket after them and what
 * each changed. A failing action throws: the caller rolls the rule's savepoint back and logs the error.
 */
export async function applyActions(
  tx: DbExecutor,
  rule: ActingRule,
  ticket: TicketRow,
  context: ActionContext,
): Promise<{ ticket: TicketRow; effects: AutomationEffect[] }> {
  const actor = automationActor(rule.name);
  const writer = { db: tx, bus: context.bus ?? quietBus };
  // A rule acts on the one ticket its event is about; the job's scope only names the caller.
  const scope = systemScope("job");
  const effects: AutomationEffect[] = [];
  let current = ticket;
  for (const action of rule.actions) {
    const effect = await planAction(current, action, context.lookups);
    if (!effect) continue;
    const patch = patchOf(action);
    if (patch) {
      const result = await ticketWrites().updateTicket(writer, {
        id: current.id,
        patch,
        actor,
        scope,
        now: context.now,
      });
      current = result.ticket;
    } else {
      // A reply may move the ticket's SLA stamps: later actions see the row it left.
      current = (await sideEffect(tx, rule, current, action, { ...context, actor, writer, scope })) ?? current;
    }
    effects.push(effect);
  }
  return { ticket: current, effects };
}

/** The ticket patch of an action that edits the ticket; null for the others. */
function patchOf(action: AutomationAction) {
  switch (action.kind) {
    case "assign":
      return { assigneeId: action.userId };
    case "set_priority":
      return { priority: action.priority };
    case "set_status":
      return { status: action.status };
    case "set_type":
      return { type: action.type };
    case "add_tags":
      // From the locked row, so a tag added meanwhile is kept.
      return (before: TicketRow) => ({ tags: [...before.tags, ...newTags(before, action.tags)] });
    default:
      return null;
  }
}

async function sideEffect(
  tx: DbExecutor,
  rule: ActingRule,
  ticket: TicketRow,
  action: AutomationAction,
  context: ActionContext & {
    actor: ReturnType<typeof automationActor>;
    writer: { db: DbExecutor; bus: EventBus };
    scope: ReturnType<typeof systemScope>;
  },
): Promise<TicketRow | undefined> {
  const delivery = { ruleId: rule.id, ticketId: ticket.id };
  switch (action.kind) {
    case "canned_reply": {
      const reply = await context.lookups.cannedReply(action.cannedReplyId);
      if (!reply) throw NotFoundError.of("Canned reply");
      const result = await ticketWrites().addComment(context.writer, {
        ticketId: ticket.id,
        author: context.actor,
        content: fillPlaceholders(reply.body, { ticket, agent: { name: context.actor.name } }),
        internal: action.as === "internal",
        scope: context.scope,
        now: context.now,
      });
      return result.ticket;
    }
    case "send_mail": {
      const fill = (s: string) => fillPlaceholders(s, { ticket, agent: { name: context.actor.name } });
      const text = fill(action.body);
      await enqueueMail(tx, {
        kind: "automation.mail",
        to: action.to === "requester" ? ticket.requesterEmail : action.to,
        subject: fill(action.subject),
        text,
        html: text
          .split(/\n{2,}/)
          .map((p) => `<p>${escapeHtml(p).replaceAll("\n", "<br>")}</p>`)
          .join(""),
        ticketId: ticket.id,
      });
      return;
    }
    case "notify_teams": {
      const body = teamsMessage(await ticketCard(tx, ticket, context.actor.name));
      await enqueueHttpDelivery(tx, { kind: "teams", url: action.url, body, eventType: "rule.notify", ...delivery });
      return;
    }
    case "notify_slack": {
      const body = slackMessage(await ticketCard(tx, ticket, context.actor.name));
      await enqueueHttpDelivery(tx, { kind: "slack", url: action.url, body, eventType: "rule.notify", ...delivery });
      return;
    }
    case "webhook": {
      const card = await ticketCard(tx, ticket, context.actor.name);
      const body = {
        type: "rule.webhook",
        timestamp: context.now.toISOString(),
        rule: { id: rule.id, name: rule.name },
        trigger: context.trigger,
        ticket: {
          id: ticket.id,
          reference: ticketReference(ticket.id),
          title: ticket.title,
          status: ticket.status,
          priority: ticket.priority,
          type: ticket.type,
          tags: ticket.tags,
          clientId: ticket.clientId,
          company: card.company,
          requesterEmail: ticket.requesterEmail,
          assigneeId: ticket.assigneeId,
          slaState: ticket.slaState,
          url: `${publicBaseUrl()}/tickets/${ticket.id}`,
        },
      };
      await enqueueHttpDelivery(tx, {
        kind: "rule-webhook",
        url: action.url,
        body,
        eventType: "rule.webhook",
        ...delivery,
      });
      return;
    }
    default:
      return;
  }
}
