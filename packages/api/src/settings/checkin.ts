// The device check-in settings (docs/features.md §12): when a device counts as stale, how old antivirus
// signatures and updates may be, and whether non-compliance opens tickets. Absent row: the defaults.
import { appSettings, eq, type DbExecutor } from "@repo/db";
import { CHECKIN_SETTINGS_DEFAULTS, type CheckinSettings, checkinSettingsSchema } from "@repo/validators";

const KEY = "checkin";

export async function readCheckinSettings(db: DbExecutor): Promise<CheckinSettings> {
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, KEY));
  const parsed = checkinSettingsSchema.safeParse({
    ...CHECKIN_SETTINGS_DEFAULTS,
    ...(row?.value as object | undefined),
  });
  return parsed.success ? parsed.data : CHECKIN_SETTINGS_DEFAULTS;
}

export async function writeCheckinSettings(
  db: DbExecutor,
  settings: CheckinSettings,
  updatedBy: string | null,
): Promise<CheckinSettings> {
  await db
    .insert(appSettings)
    .values({ key: KEY, value: settings, updatedBy })
    .onConflictDoUpdate({ target: appSettings.key, set: { value: settings, updatedBy, updatedAt: new Date() } });
  return settings;
}
