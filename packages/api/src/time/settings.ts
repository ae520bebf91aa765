// The time settings an admin keeps (docs/features.md "Time"), one app_settings row. Absent: the defaults.
import { appSettings, eq, type DbExecutor } from "@repo/db";
import { type TimeSettings, timeSettingsSchema } from "@repo/validators";

const KEY = "time";
const DEFAULTS: TimeSettings = { roundingMinutes: 6, expectedMinutesPerDay: 7 * 60 };

export async function readTimeSettings(db: DbExecutor): Promise<TimeSettings> {
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, KEY));
  const parsed = timeSettingsSchema.safeParse({ ...DEFAULTS, ...(row?.value as object | undefined) });
  return parsed.success ? parsed.data : DEFAULTS;
}

export async function writeTimeSettings(
  db: DbExecutor,
  settings: TimeSettings,
  updatedBy: string,
): Promise<TimeSettings> {
  await db
    .insert(appSettings)
    .values({ key: KEY, value: settings, updatedBy })
    .onConflictDoUpdate({ target: appSettings.key, set: { value: settings, updatedBy, updatedAt: new Date() } });
  return settings;
}
