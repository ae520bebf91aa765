// Drafts of time entries from the day's work (docs/features.md "Time: drafts"): what the server saw a
// staff member do on each ticket, offered as entries to accept, edit or discard.
import { z } from "zod";
import { text } from "./text.js";
import { calendarDay, durationSchema, NOTE_VISIBILITIES, TIME_NOTE_MAX } from "./time.js";
import { isoDate, isoTimestamp, quantity } from "./wire.js";

/** How often an open, focused ticket page says so over the live-updates socket. */
export const FOCUS_HEARTBEAT_MS = 30_000;
/** A gap of more minutes than this without activity on a ticket splits its block. */
export const DRAFT_GAP_MINUTES = 10;
/** What drafts may be rounded up to; 6 (a tenth of an hour) is the default. */
export const DRAFT_ROUNDING_CHOICES = [1, 6, 15] as const;
export type DraftRounding = (typeof DRAFT_ROUNDING_CHOICES)[number];

/** The message a ticket page sends while it is open and in focus. */
export const focusHeartbeatSchema = z.object({ type: z.literal("focus"), ticketId: z.uuid() });

export const timeDraftDayInputSchema = z.object({ date: calendarDay() });

export const timeDraftSchema = z.object({
  ticketId: z.string(),
  ticketReference: z.string(),
  ticketTitle: z.string(),
  clientName: z.string().nullable(),
  /** The block's first minute and the end of its last. */
  start: isoTimestamp(),
  end: isoTimestamp(),
  /** Minutes of the block that were this ticket's, before rounding. */
  activeMinutes: quantity(),
  /** What the draft proposes: `activeMinutes` rounded up to the setting. */
  minutes: quantity(),
  focusMinutes: quantity(),
  replies: quantity(),
  notes: quantity(),
  statusChanges: quantity(),
  /** Activity came within the last gap: the block may still grow. */
  ongoing: z.boolean(),
});
export type TimeDraft = z.infer<typeof timeDraftSchema>;

export const timeDraftDaySchema = z.object({
  date: isoDate(),
  roundingMinutes: z.number().int(),
  drafts: z.array(timeDraftSchema),
  /** The sum of the drafts' minutes. */
  totalMinutes: quantity(),
});
export type TimeDraftDay = z.infer<typeof timeDraftDaySchema>;

/** A draft is named by its ticket and its first minute; the server finds its end again. */
export const timeDraftRefSchema = z.object({
  ticketId: z.uuid("Ticket not found"),
  start: z.iso.datetime({ offset: true, error: "Start must be an ISO timestamp" }),
});
export type TimeDraftRef = z.infer<typeof timeDraftRefSchema>;

/** Accepting a draft: the entry's fields, its minutes the draft's unless the person changed them. */
export const timeDraftAcceptInputSchema = timeDraftRefSchema.extend({
  minutes: durationSchema.optional(),
  workTypeId: z.uuid("Work type not found"),
  billable: z.boolean().optional(),
  note: text(TIME_NOTE_MAX).optional(),
  noteVisibility: z.enum(NOTE_VISIBILITIES).optional(),
});

/** The time settings an admin keeps (docs/features.md §10). */
export const timeSettingsSchema = z.object({
  roundingMinutes: z.union(
    DRAFT_ROUNDING_CHOICES.map((n) => z.literal(n)) as [z.ZodLiteral<1>, z.ZodLiteral<6>, z.ZodLiteral<15>],
    {
      error: "Rounding must be 1, 6 or 15 minutes",
    },
  ),
  /** A working day below this gets one reminder the next morning; 0 turns reminders off. */
  expectedMinutesPerDay: z
    .number({ error: "Expected time must be a whole number of minutes" })
    .int("Expected time must be a whole number of minutes")
    .min(0, "Expected time cannot be negative")
    .max(24 * 60, "Expected time must be at most 24 hours"),
});
export type TimeSettings = z.infer<typeof timeSettingsSchema>;

/**
 * GET /api/time/reminder: the caller's newest reminder not yet dismissed whose day is still short of the
 * expected minutes (docs/features.md §10), or null.
 */
export const timeReminderSchema = z.object({
  reminder: z
    .object({
      date: z.string(),
      minutesRecorded: quantity(),
      minutesExpected: quantity(),
    })
    .nullable(),
});
export type TimeReminder = z.infer<typeof timeReminderSchema>;
export const timeReminderDismissInputSchema = z.object({ date: calendarDay() });
