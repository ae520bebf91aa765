// The device check-in settings (docs/features.md §12): when a device counts as stale, how old antivirus
// signatures and updates may be, and whether non-compliance opens tickets. Absent row: the defaults.
import { CHECKIN_SETTINGS_DEFAULTS, type CheckinSettings, checkinSettingsSchema } from "@repo/validators";
import { storedSettings } from "./stored.js";

// Read at every device check-in, by the thousand a minute: believed for five seconds (another instance
// sees a change within them, this one at once).
const stored = storedSettings<CheckinSettings>("checkin", checkinSettingsSchema, CHECKIN_SETTINGS_DEFAULTS, {
  cacheMs: 5_000,
});
export const readCheckinSettings = stored.read;
export const writeCheckinSettings = stored.write;
