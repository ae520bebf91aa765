// Drafts of time entries from the day's work (docs/features.md "Time: drafts"): what the server saw a
// staff member do on each ticket, offered as entries to accept, edit or discard.
import { z } from "zod";
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

/** Whether YYYY-MM-DD names a day of the calendar (not February 30th) in years a business keeps books. */
function isRealDay(day: string): boolean {
  const date = new Date(`${day}T00:00:00Z`);
  const year = date.getUTCFullYear();
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(day) && year >= 2000 && year < 2100;
}

/** A Toronto calendar day as the API takes it. */
export const calendarDay = () =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "Date must be YYYY-MM-DD")
    .refine(isRealDay, "Date must be a real day");

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

export const timeDraftSettingsSchema = z.object({
  roundingMinutes: z.union(
    DRAFT_ROUNDING_CHOICES.map((n) => z.literal(n)) as [z.ZodLiteral<1>, z.ZodLiteral<6>, z.ZodLiteral<15>],
    {
      error: "Rounding must be 1, 6 or 15 minutes",
    },
  ),
});
export type TimeDraftSettings = z.infer<typeof timeDraftSettingsSchema>;
