// The billing settings an admin keeps (docs/features.md §11), one app_settings row. Absent: the defaults.
// They are also the one home of "agents see money", which the time screens read for work types' rates.
import { type BillingSettings, billingSettingsSchema } from "@repo/validators";
import { storedSettings } from "../settings/stored.js";

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

const stored = storedSettings<BillingSettings>(KEY, billingSettingsSchema, DEFAULT_BILLING_SETTINGS);
export const readBillingSettings = stored.read;
export const writeBillingSettings = stored.write;
