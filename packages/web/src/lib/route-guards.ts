// Route guards for `beforeLoad`: a redirect thrown here stops the route before any portal code loads. The
// sign-in page learns where the person was going, and returns them there (lib/return-path.ts).
import { type Role, mayOpenStaffScreen } from "@repo/validators";
import { type ParsedLocation, redirect } from "@tanstack/react-router";
import { hasClientSession, hasStaffSession, readStoredUser } from "./auth-storage";
import { returnSearch } from "./return-path";

export const STAFF_LANDING = "/dashboard";
export const CLIENT_LANDING = "/client-dashboard";

/** Where a VIEWER lands: the reports it reads (it has no write button there). */
export const VIEWER_LANDING = "/reports";

/** The screen a staff role starts on, and is sent back to from a screen it may not open. */
export function staffLandingFor(role: Role): typeof STAFF_LANDING | typeof VIEWER_LANDING {
  return role === "VIEWER" ? VIEWER_LANDING : STAFF_LANDING;
}

/**
 * The staff portal's guard, for every screen under it: a session first, then the screen's roles in the
 * table of @repo/validators (staff-screens.ts). A viewer elsewhere than its screens (the dashboard it lands
 * on by default, a ticket) goes to the reports, an agent on an admin screen to the dashboard: those screens
 * are built around writes it may not make (the server refuses them anyway).
 */
export function requireStaffSession({ location }: { location: ParsedLocation }): void {
  if (!hasStaffSession())
    throw redirect({ to: "/admin", search: returnSearch(location, STAFF_LANDING) as never, replace: true });
  const role = readStoredUser()?.role;
  if (role && !mayOpenStaffScreen(role, location.pathname))
    throw redirect({ to: staffLandingFor(role), replace: true });
}

export function requireClientSession({ location }: { location: ParsedLocation }): void {
  if (!hasClientSession())
    throw redirect({ to: "/client-auth", search: returnSearch(location, CLIENT_LANDING) as never, replace: true });
}
