// The security policy an admin sets (docs/architecture.md §6a): whose sign-in must use a second factor.
// Off on a new install, so the spec's sign-in calls keep their exact shape until an admin turns it on
// (the README's production checklist says to).
import { type Role, type SecuritySettings, securitySettingsSchema } from "@repo/validators";
import { storedSettings } from "./stored.js";

const stored = storedSettings<SecuritySettings>("security", securitySettingsSchema, { secondFactorRequired: "off" });
export const readSecuritySettings = stored.read;
export const writeSecuritySettings = stored.write;

/** Whether the policy makes a second factor a must for this role. */
export function secondFactorRequiredFor(settings: SecuritySettings, role: Role): boolean {
  if (settings.secondFactorRequired === "everyone") return true;
  return settings.secondFactorRequired === "staff" && role !== "CLIENT";
}
