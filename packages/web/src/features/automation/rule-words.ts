// The words of the automation screen: each trigger, condition and action kind as the editor names it,
// and a blank row of each kind to start from.
import type { AutomationAction, AutomationCondition, AutomationRuleInput, AutomationTrigger } from "@repo/validators";

export const TRIGGER_LABELS: Record<AutomationTrigger["kind"], string> = {
  "ticket.created": "A ticket is created",
  "ticket.updated": "A ticket is updated",
  "comment.created": "A comment is added",
  "sla.at_risk": "SLA becomes at risk",
  "sla.overdue": "SLA becomes overdue",
  "status.duration": "A status has lasted (business time)",
};

export const CONDITION_LABELS: Record<AutomationCondition["kind"], string> = {
  company: "Company is",
  priority: "Priority is",
  status: "Status is",
  type: "Type is",
  tags: "Tags",
  text: "Text contains",
  sender: "Sender is",
  changed: "Field changed to",
};

export const ACTION_LABELS: Record<AutomationAction["kind"], string> = {
  assign: "Assign to",
  set_priority: "Set priority",
  set_status: "Set status",
  set_type: "Set type",
  add_tags: "Add tags",
  canned_reply: "Add a canned reply",
  send_mail: "Send a mail",
  notify_teams: "Notify Microsoft Teams",
  notify_slack: "Notify Slack",
  webhook: "Call a webhook",
};

export const blankCondition = (kind: AutomationCondition["kind"]): AutomationCondition => {
  switch (kind) {
    case "company":
      return { kind, clientIds: [] };
    case "priority":
    case "status":
    case "type":
      return { kind, in: [] } as AutomationCondition;
    case "tags":
      return { kind, match: "any", tags: [] };
    case "text":
      return { kind, field: "either", contains: "" };
    case "sender":
      return { kind, match: "domain", values: [] };
    case "changed":
      return { kind, field: "status" };
  }
};

export const blankAction = (kind: AutomationAction["kind"]): AutomationAction => {
  switch (kind) {
    case "assign":
      return { kind, userId: null };
    case "set_priority":
      return { kind, priority: "P1" };
    case "set_status":
      return { kind, status: "TRIAGED" };
    case "set_type":
      return { kind, type: "INCIDENT" };
    case "add_tags":
      return { kind, tags: [] };
    case "canned_reply":
      return { kind, cannedReplyId: "", as: "public" };
    case "send_mail":
      return { kind, to: "requester", subject: "", body: "" };
    case "notify_teams":
    case "notify_slack":
    case "webhook":
      return { kind, url: "" };
  }
};

export const blankRule = (): AutomationRuleInput => ({
  name: "",
  enabled: true,
  trigger: { kind: "ticket.created" },
  conditions: [],
  actions: [{ kind: "set_priority", priority: "P1" }],
  stopHere: false,
});

export const optionsOf = <K extends string>(labels: Record<K, string>) =>
  (Object.entries(labels) as [K, string][]).map(([value, label]) => ({ value, label }));
