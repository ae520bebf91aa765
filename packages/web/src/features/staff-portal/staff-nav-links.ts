// The staff portal's menu: the screens of the table in @repo/validators (staff-screens.ts) that the
// signed-in role may open, in its order. The route guard reads the same table, and the server enforces it.
import { type Role, type StaffNavScreen, staffNavScreensFor } from "@repo/validators";

export interface StaffNavLink {
  label: string;
  to: StaffNavScreen["path"];
}

/**
 * `agentSeesMoney`: whether the server answers this AGENT's billing queries (the billing settings decide);
 * until it says so an agent's menu leaves the billing screens out.
 */
export function staffNavLinksFor(role: Role, agentSeesMoney = false): StaffNavLink[] {
  return staffNavScreensFor(role)
    .filter((screen) => !("money" in screen) || role !== "AGENT" || agentSeesMoney)
    .map((screen) => ({ label: screen.label, to: screen.path }));
}
