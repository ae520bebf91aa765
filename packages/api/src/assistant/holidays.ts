// Questions about a holiday ("Are you open on Boxing Day?", "Which holidays are you closed?"), answered
// from the SLA calendar, the one home of the provider's holidays, with the day a holiday that falls on a
// day off is observed.
import { formatWeekday, PROMISES } from "@repo/content";
import type { DbExecutor } from "@repo/db";
import { observedHolidays, type SlaHoliday } from "@repo/validators";
import { localDate } from "../sla/calendar.js";
import { readPolicySettings } from "../sla/policies.js";

/** The question is about being open, closed or reachable, not only a holiday's name in passing. */
const OPENING =
  /\b(open|opened|closed?|closing|hours|working|work|available|availability|support|off|reach|answer|staffed)\b/i;
const ANY_HOLIDAY = /\b(holidays?|stat(utory)? (holiday|day)s?)\b/i;

const longDate = (date: string) => formatWeekday(date, "long");

/** "Christmas Day" is named by "Christmas Day" or "Christmas"; "Canada Day" only by its whole name. */
function namedIn(message: string, holiday: SlaHoliday): boolean {
  const lower = message.toLowerCase();
  const name = holiday.name.toLowerCase().trim();
  const short = name.replace(/\s+day$/, "");
  const has = (words: string) => new RegExp(`\\b${words.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\b`).test(lower);
  return has(name) || (short !== name && short.length >= 6 && short !== "canada" && has(short));
}

export async function holidayAnswer(db: DbExecutor, message: string, now: Date): Promise<{ content: string } | null> {
  const opening = OPENING.test(message);
  const asksHolidays = ANY_HOLIDAY.test(message) && (opening || /\b(which|what|your|list)\b/i.test(message));
  // Only a question about being open reads the calendar: most chat messages never touch the database here.
  if (!opening && !asksHolidays) return null;
  const { calendar } = await readPolicySettings(db);
  const named = calendar.holidays.filter((h) => namedIn(message, h));
  if (named.length === 0 && !asksHolidays) return null;

  const today = localDate(now, calendar.timeZone);
  const observed = observedHolidays(
    calendar.holidays.map((h) => h.date),
    calendar.workDays,
  );
  const line = (h: SlaHoliday) => {
    const on = observed.get(h.date);
    const moved = on && on !== h.date ? ` (observed ${longDate(on)})` : "";
    return `**${h.name}**, ${longDate(h.date)}${moved}`;
  };
  const critical = `Critical issues (P1, your business is stopped) are still answered within **${PROMISES.criticalResponse}**, around the clock: open a ticket and say so.`;

  if (named.length > 0) {
    // The next one of that name, or the latest if all are past.
    const upcoming = named.filter((h) => (observed.get(h.date) ?? h.date) >= today);
    const holiday = upcoming[0] ?? named[named.length - 1]!;
    return {
      content: `We're closed on ${line(holiday)}: it is a holiday on our calendar, so no business hours count that day. ${critical}`,
    };
  }
  const next = calendar.holidays.filter((h) => (observed.get(h.date) ?? h.date) >= today).slice(0, 6);
  if (next.length === 0) return null;
  return {
    content: `We're closed on these upcoming holidays:\n${next.map((h) => `- ${line(h)}`).join("\n")}\n\n${critical}`,
  };
}
