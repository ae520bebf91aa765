// The alert intake's settings (docs/features.md §13), kept in app_settings like the other admin settings.
import { type AlertSettings, alertSettingsSchema } from "@repo/validators";
import { storedSettings } from "../settings/stored.js";

export const ALERT_SETTING_DEFAULTS: AlertSettings = { resolveOnRecovery: true, floodPerMinute: 30 };

export const alertSettings = storedSettings("alerts", alertSettingsSchema, ALERT_SETTING_DEFAULTS);
