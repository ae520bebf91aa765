// The staff portal's menu: the screens of the table in @repo/validators (staff-screens.ts) that the
// signed-in role may open, in its order. The route guard reads the same table, and the server enforces it.
import { type Role, type StaffNavScreen, staffNavScreensFor } from "@repo/validators";

export interface StaffNavLink {
  label: string;
  to: StaffNavScreen["path"];
}

export function staffNavLinksFor(role: Role): StaffNavLink[] {
  return staffNavScreensFor(role).map((screen) => ({ label: screen.label, to: screen.path }));
}
