// The billing settings an admin keeps (docs/features.md §11), one app_settings row. Absent: the defaults.
// They are also the one home of "agents see money", which the time screens read for work types' rates.
import { appSettings, eq, type DbExecutor } from "@repo/db";
import { type BillingSettings, billingSettingsSchema } from "@repo/validators";

const KEY = "billing";
export const DEFAULT_BILLING_SETTINGS: BillingSettings = {
  taxRegistrationNumber: "",
  paymentTermsDays: 30,
  paymentInstructions: "",
  reminderDays: [7, 14],
  blockThresholdPercent: 20,
  agentsSeeMoney: false,
  salesAccountCode: "200",
};

export async function readBillingSettings(db: DbExecutor): Promise<BillingSettings> {
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, KEY));
  const parsed = billingSettingsSchema.safeParse({
    ...DEFAULT_BILLING_SETTINGS,
    ...(row?.value as object | undefined),
  });
  return parsed.success ? parsed.data : DEFAULT_BILLING_SETTINGS;
}

export async function writeBillingSettings(
  db: DbExecutor,
  settings: BillingSettings,
  updatedBy: string,
): Promise<BillingSettings> {
  await db
    .insert(appSettings)
    .values({ key: KEY, value: settings, updatedBy })
    .onConflictDoUpdate({ target: appSettings.key, set: { value: settings, updatedBy, updatedAt: new Date() } });
  return settings;
}
