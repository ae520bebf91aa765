// The device check-in settings (docs/features.md §12): when a device counts as stale, how old antivirus
// signatures and updates may be, and whether non-compliance opens tickets. Absent row: the defaults.
import { CHECKIN_SETTINGS_DEFAULTS, type CheckinSettings, checkinSettingsSchema } from "@repo/validators";
import { storedSettings } from "./stored.js";

const stored = storedSettings<CheckinSettings>("checkin", checkinSettingsSchema, CHECKIN_SETTINGS_DEFAULTS);
export const readCheckinSettings = stored.read;
export const writeCheckinSettings = stored.write;
