// The time settings an admin keeps (docs/features.md "Time"), one app_settings row. Absent: the defaults.
// Beside them, the day the reminder of short days was switched on, so that it never reminds anybody of a
// day before (docs/features.md §10, "Reminders").
import { appSettings, eq, type DbExecutor } from "@repo/db";
import { type TimeSettings, timeSettingsSchema } from "@repo/validators";
import { localDate } from "../sla/calendar.js";
import { workingCalendar } from "../sla/policies.js";
import { storedSettings } from "../settings/stored.js";

const KEY = "time";
const DEFAULTS: TimeSettings = { roundingMinutes: 6, expectedMinutesPerDay: 7 * 60 };
/** `{ since: "YYYY-MM-DD" }`: the calendar day the reminder was (last) switched on; no row while it is off. */
const REMINDERS_KEY = "time.reminders";

const stored = storedSettings<TimeSettings>(KEY, timeSettingsSchema, DEFAULTS);
export const readTimeSettings = stored.read;

export async function writeTimeSettings(
  db: DbExecutor,
  settings: TimeSettings,
  updatedBy: string,
): Promise<TimeSettings> {
  await stored.write(db, settings, updatedBy);
  if (settings.expectedMinutesPerDay > 0) {
    const { timeZone } = await workingCalendar(db);
    await remindersOnSince(db, localDate(new Date(), timeZone));
  } else {
    await db.delete(appSettings).where(eq(appSettings.key, REMINDERS_KEY));
  }
  return settings;
}

/**
 * The day reminders were switched on, `today` when this is the first anybody noticed (a new install, where
 * they are on by default, or an admin turning them on). Once written it stays until they are turned off,
 * and two callers at once agree on it (the first insert wins).
 */
export async function remindersOnSince(db: DbExecutor, today: string): Promise<string> {
  await db
    .insert(appSettings)
    .values({ key: REMINDERS_KEY, value: { since: today } })
    .onConflictDoNothing();
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, REMINDERS_KEY));
  return (row?.value as { since?: string } | undefined)?.since ?? today;
}
