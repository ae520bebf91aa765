// Recurring tickets (docs/features.md §16): a ticket template and the schedule it is opened on, an RFC 5545
// recurrence rule with its start in the business time zone's wall time. What a rule means (its dates, its
// words, "no more often than hourly") needs the `rrule` package, so the API checks that
// (recurring/rules.ts); the shapes and their messages live here.
import { z } from "zod";
import { MAX_LENGTHS } from "./constants.js";
import { ticketPrioritySchema, ticketTypeSchema } from "./enums.js";
import { idText, required } from "./fields.js";
import { text } from "./text.js";
import { staffTicketCreateInputSchema } from "./tickets.js";
import { isoTimestamp } from "./wire.js";

/** What a due occurrence became: a ticket, nothing (the previous one still open), or an error logged. */
export const RECURRING_RUN_OUTCOMES = ["created", "skipped", "failed"] as const;
export const recurringRunOutcomeSchema = z.enum(RECURRING_RUN_OUTCOMES);
export type RecurringRunOutcome = z.infer<typeof recurringRunOutcomeSchema>;

/** An RRULE's longest text: the rules people write are a few dozen characters. */
export const RRULE_MAX_LENGTH = 500;
/** How many coming dates the preview and the list show. */
export const RECURRING_PREVIEW_COUNT = 5;

/** A wall time, "2026-03-09T09:00", in the business time zone (the SLA calendar's). */
export const WALL_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

const rrule = required("Schedule is required", RRULE_MAX_LENGTH);
const dtstart = text(16, "Start must be a date and time like 2026-03-09T09:00")
  .trim()
  .regex(WALL_TIME, "Start must be a date and time like 2026-03-09T09:00");

/** A schedule's rule: what the preview takes, and what every save carries. */
export const recurrenceSchema = z.object({ rrule, dtstart });
export type Recurrence = z.infer<typeof recurrenceSchema>;

const ticket = staffTicketCreateInputSchema.shape;

export const recurringTicketFieldsSchema = z.object({
  name: required("Name is required", MAX_LENGTHS.title),
  clientId: ticket.clientId,
  title: ticket.title,
  description: ticket.description,
  priority: ticketPrioritySchema.default("P3"),
  type: ticketTypeSchema.default("TASK"),
  /** "" or absent: nobody. */
  assigneeId: idText().optional(),
  tags: ticket.tags,
  /** "" or absent: no device. */
  deviceId: idText().optional(),
  rrule,
  dtstart,
  enabled: z.boolean().default(true),
  /** While the previous ticket of the schedule is open, a due occurrence is skipped and logged. */
  skipIfOpen: z.boolean().default(true),
});
export type RecurringTicketFields = z.infer<typeof recurringTicketFieldsSchema>;

/** PATCH /api/recurring-tickets/{id}: any of the fields. */
export const recurringTicketUpdateInputSchema = z.object({
  id: z.string(),
  name: recurringTicketFieldsSchema.shape.name.optional(),
  clientId: ticket.clientId.optional(),
  title: ticket.title.optional(),
  description: ticket.description.optional(),
  priority: ticketPrioritySchema.optional(),
  type: ticketTypeSchema.optional(),
  assigneeId: idText().optional(),
  tags: staffTicketCreateInputSchema.shape.tags.unwrap().optional(),
  deviceId: idText().optional(),
  rrule: rrule.optional(),
  dtstart: dtstart.optional(),
  enabled: z.boolean().optional(),
  skipIfOpen: z.boolean().optional(),
});
export type RecurringTicketUpdateInput = z.infer<typeof recurringTicketUpdateInputSchema>;
export type RecurringTicketPatch = Omit<RecurringTicketUpdateInput, "id">;

export const recurringTicketEnabledInputSchema = z.object({ id: z.string(), enabled: z.boolean() });

/** A schedule as the screen shows it. */
export const recurringTicketSchema = z.object({
  id: z.string(),
  name: z.string(),
  clientId: z.string(),
  clientName: z.string(),
  title: z.string(),
  description: z.string(),
  priority: ticketPrioritySchema,
  type: ticketTypeSchema,
  assigneeId: z.string().nullable(),
  assigneeName: z.string().nullable(),
  tags: z.array(z.string()),
  deviceId: z.string().nullable(),
  rrule: z.string(),
  dtstart: z.string(),
  /** The zone `dtstart` and the rule are read in (the SLA calendar's). */
  timeZone: z.string(),
  /** The rule in words, e.g. "every month on the 2nd Monday". */
  scheduleText: z.string(),
  enabled: z.boolean(),
  skipIfOpen: z.boolean(),
  nextRunAt: isoTimestamp().nullable(),
  lastRunAt: isoTimestamp().nullable(),
  createdByName: z.string().nullable(),
  createdAt: isoTimestamp(),
});
export type RecurringTicket = z.infer<typeof recurringTicketSchema>;

/** GET /api/recurrence/preview: the next dates of a rule, as instants, with the rule in words. */
export const recurrencePreviewSchema = z.object({
  timeZone: z.string(),
  scheduleText: z.string(),
  dates: z.array(isoTimestamp()),
});
export type RecurrencePreview = z.infer<typeof recurrencePreviewSchema>;

/** One due occurrence and what became of it. */
export const recurringTicketRunSchema = z.object({
  id: z.string(),
  occurrenceAt: isoTimestamp(),
  ranAt: isoTimestamp(),
  outcome: recurringRunOutcomeSchema,
  /** The ticket created, or the open one that made the run skip; null once deleted. */
  ticketId: z.string().nullable(),
  ticketReference: z.string().nullable(),
  message: z.string().nullable(),
});
export type RecurringTicketRun = z.infer<typeof recurringTicketRunSchema>;
