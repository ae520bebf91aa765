// The webhook settings (docs/features.md §14): whether targets on private addresses are allowed.
import { WEBHOOK_SETTINGS_DEFAULTS, type WebhookSettings, webhookSettingsSchema } from "@repo/validators";
import { storedSettings } from "./stored.js";

const stored = storedSettings<WebhookSettings>("webhooks", webhookSettingsSchema, WEBHOOK_SETTINGS_DEFAULTS);
export const readWebhookSettings = stored.read;
export const writeWebhookSettings = stored.write;

/** The admin's choice, or the default: private targets allowed outside production (tests, development). */
export const privateTargetsAllowed = (settings: WebhookSettings, production: boolean): boolean =>
  settings.allowPrivateTargets ?? !production;
