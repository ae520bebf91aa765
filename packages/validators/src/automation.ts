// Automation rules (docs/features.md §15): a trigger, conditions that must all hold, and actions, run in
// order on ticket events. Each condition and action is one kind of a discriminated union, so the API,
// the editor and the stored jsonb agree on one shape, checked on save and again when read.
import { z } from "zod";
import { MAX_LENGTHS } from "./constants.js";
import { TICKET_TAG_LIMITS } from "./constants.js";
import { ticketPrioritySchema, ticketStatusSchema, ticketTypeSchema } from "./enums.js";
import { required } from "./fields.js";
import { text } from "./text.js";
import { isoTimestamp } from "./wire.js";

const uuid = (message: string) => z.uuid(message);
const tags = z
  .array(text(TICKET_TAG_LIMITS.maxLength).trim().min(1, "A tag cannot be empty"))
  .min(1, "Name at least one tag")
  .max(TICKET_TAG_LIMITS.maxTags);
const hookUrl = (what: string) =>
  text(2000)
    .trim()
    .pipe(z.url({ protocol: /^https?$/, error: `${what} must be an http or https URL` }));

// ---- Triggers ----

/** The events a rule may run on; "status.duration" is the time-based one, checked by a periodic task. */
export const AUTOMATION_EVENT_TRIGGERS = [
  "ticket.created",
  "ticket.updated",
  "comment.created",
  "sla.at_risk",
  "sla.overdue",
] as const;
export type AutomationEventTrigger = (typeof AUTOMATION_EVENT_TRIGGERS)[number];

export const BUSINESS_TIME_UNITS = ["business_hours", "business_days"] as const;

export const automationTriggerSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.enum(AUTOMATION_EVENT_TRIGGERS) }),
  z.object({
    kind: z.literal("status.duration"),
    /** "Status has been WAITING_CUSTOMER for 3 business days", on the SLA settings' calendar. */
    status: ticketStatusSchema,
    amount: z.int("Enter a whole number").min(1, "Enter at least 1").max(1000, "Enter at most 1000"),
    unit: z.enum(BUSINESS_TIME_UNITS),
  }),
]);
export type AutomationTrigger = z.infer<typeof automationTriggerSchema>;
export type AutomationTriggerKind = AutomationTrigger["kind"];

// ---- Conditions (all must hold) ----

/** The ticket fields a "changed to" condition may watch on ticket.updated. */
export const WATCHED_FIELDS = ["status", "priority", "type", "assigneeId", "clientId"] as const;

export const automationConditionSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("company"), clientIds: z.array(uuid("Choose a company")).min(1, "Choose a company") }),
  z.object({ kind: z.literal("priority"), in: z.array(ticketPrioritySchema).min(1, "Choose a priority") }),
  z.object({ kind: z.literal("status"), in: z.array(ticketStatusSchema).min(1, "Choose a status") }),
  z.object({ kind: z.literal("type"), in: z.array(ticketTypeSchema).min(1, "Choose a type") }),
  z.object({ kind: z.literal("tags"), match: z.enum(["any", "all"]), tags }),
  z.object({
    kind: z.literal("text"),
    /** subject: the title; body: the description, and on comment.created the new comment too. */
    field: z.enum(["subject", "body", "either"]),
    contains: required("Enter the text to look for", MAX_LENGTHS.short),
  }),
  z.object({
    kind: z.literal("sender"),
    /** email: the requester's whole address; domain: what follows its @ ("acme.com"). */
    match: z.enum(["email", "domain"]),
    values: z.array(required("Enter an address or a domain", MAX_LENGTHS.email).toLowerCase()).min(1),
  }),
  z.object({
    kind: z.literal("changed"),
    field: z.enum(WATCHED_FIELDS),
    /** The value it changed to (a status, a priority, a type, a user or company id, null for none); absent: any change. */
    to: text(MAX_LENGTHS.id).nullable().optional(),
  }),
]);
export type AutomationCondition = z.infer<typeof automationConditionSchema>;

// ---- Actions (in order) ----

export const automationActionSchema = z.discriminatedUnion("kind", [
  /** userId null: unassign. */
  z.object({ kind: z.literal("assign"), userId: uuid("Choose a staff member").nullable() }),
  z.object({ kind: z.literal("set_priority"), priority: ticketPrioritySchema }),
  z.object({ kind: z.literal("set_status"), status: ticketStatusSchema }),
  z.object({ kind: z.literal("set_type"), type: ticketTypeSchema }),
  z.object({ kind: z.literal("add_tags"), tags }),
  z.object({
    kind: z.literal("canned_reply"),
    cannedReplyId: uuid("Choose a canned reply"),
    /** public: a reply the requester is mailed; internal: a note only staff see. */
    as: z.enum(["public", "internal"]),
  }),
  z.object({
    kind: z.literal("send_mail"),
    /** "requester", or an address. */
    to: z.union([z.literal("requester"), text(MAX_LENGTHS.email).trim().pipe(z.email("Enter a valid email"))]),
    subject: required("Enter a subject", MAX_LENGTHS.title),
    body: required("Enter the mail's text", MAX_LENGTHS.description),
  }),
  z.object({ kind: z.literal("notify_teams"), url: hookUrl("The Teams workflow URL") }),
  z.object({ kind: z.literal("notify_slack"), url: hookUrl("The Slack webhook URL") }),
  z.object({ kind: z.literal("webhook"), url: hookUrl("The webhook URL") }),
]);
export type AutomationAction = z.infer<typeof automationActionSchema>;
export type AutomationActionKind = AutomationAction["kind"];

// ---- Rules ----

export const automationRuleInputSchema = z.object({
  name: required("Name the rule", MAX_LENGTHS.short),
  enabled: z.boolean().default(true),
  trigger: automationTriggerSchema,
  conditions: z.array(automationConditionSchema).max(20, "At most 20 conditions"),
  actions: z.array(automationActionSchema).min(1, "Add at least one action").max(20, "At most 20 actions"),
  stopHere: z.boolean().default(false),
});
export type AutomationRuleInput = z.infer<typeof automationRuleInputSchema>;

export const automationRuleUpdateSchema = automationRuleInputSchema.extend({ id: z.uuid() });
export const automationRuleMoveSchema = z.object({ id: z.uuid(), direction: z.enum(["up", "down"]) });
export const automationRuleEnableSchema = z.object({ id: z.uuid(), enabled: z.boolean() });

export const automationRuleSchema = automationRuleInputSchema.extend({
  id: z.string(),
  position: z.number(),
  createdBy: z.string().nullable(),
  createdAt: isoTimestamp(),
  updatedAt: isoTimestamp(),
});
export type AutomationRule = z.infer<typeof automationRuleSchema>;

/** A dry run of a saved rule (by id) or of the editor's unsaved one. */
export const automationDryRunInputSchema = z
  .object({ id: z.uuid().optional(), rule: automationRuleInputSchema.optional() })
  .refine((v) => (v.id === undefined) !== (v.rule === undefined), "Name a saved rule or give an unsaved one");

/** What one action would change: "Priority P3 → P1", "Mail to ann@acme.com: …". */
export const automationEffectSchema = z.object({ kind: z.string(), change: z.string() });
export type AutomationEffect = z.infer<typeof automationEffectSchema>;

export const automationDryRunRowSchema = z.object({
  ticketId: z.string(),
  title: z.string(),
  matched: z.boolean(),
  effects: z.array(automationEffectSchema),
});
export const automationDryRunSchema = z.object({ tickets: z.array(automationDryRunRowSchema) });
export type AutomationDryRun = z.infer<typeof automationDryRunSchema>;

export const automationRunSchema = z.object({
  id: z.string(),
  ruleId: z.string(),
  ticketId: z.string().nullable(),
  trigger: z.string(),
  matched: z.boolean(),
  effects: z.array(automationEffectSchema),
  error: z.string().nullable(),
  dryRun: z.boolean(),
  at: isoTimestamp(),
});
export type AutomationRun = z.infer<typeof automationRunSchema>;
export const automationRunsInputSchema = z.object({ ruleId: z.uuid() });
