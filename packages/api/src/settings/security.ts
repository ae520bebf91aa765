// The security policy an admin sets (docs/architecture.md §6a): whose sign-in must use a second factor.
// Off on a new install, so the spec's sign-in calls keep their exact shape until an admin turns it on
// (the README's production checklist says to).
import { appSettings, eq, type DbExecutor } from "@repo/db";
import { type Role, type SecuritySettings, securitySettingsSchema } from "@repo/validators";

const KEY = "security";
const DEFAULTS: SecuritySettings = { secondFactorRequired: "off" };

export async function readSecuritySettings(db: DbExecutor): Promise<SecuritySettings> {
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, KEY));
  // A row written by an older version may lack a field: the defaults fill it in.
  const parsed = securitySettingsSchema.safeParse({ ...DEFAULTS, ...(row?.value as object | undefined) });
  return parsed.success ? parsed.data : DEFAULTS;
}

export async function writeSecuritySettings(
  db: DbExecutor,
  settings: SecuritySettings,
  updatedBy: string,
): Promise<SecuritySettings> {
  await db
    .insert(appSettings)
    .values({ key: KEY, value: settings, updatedBy })
    .onConflictDoUpdate({ target: appSettings.key, set: { value: settings, updatedBy, updatedAt: new Date() } });
  return settings;
}

/** Whether the policy makes a second factor a must for this role. */
export function secondFactorRequiredFor(settings: SecuritySettings, role: Role): boolean {
  if (settings.secondFactorRequired === "everyone") return true;
  return settings.secondFactorRequired === "staff" && role !== "CLIENT";
}
