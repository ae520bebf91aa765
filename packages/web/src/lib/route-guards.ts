// Route guards for `beforeLoad`: a redirect thrown here stops the route before any portal code loads. The
// sign-in page learns where the person was going, and returns them there (lib/return-path.ts).
import { type ParsedLocation, redirect } from "@tanstack/react-router";
import { hasClientSession, hasStaffSession, readStoredUser } from "./auth-storage";
import { returnSearch } from "./return-path";

export const STAFF_LANDING = "/dashboard";
export const CLIENT_LANDING = "/client-dashboard";

/** Where a VIEWER lands, and the staff screens it can use: they read and have no write button for it. */
export const VIEWER_LANDING = "/reports";
export const VIEWER_PATHS: readonly string[] = ["/reports", "/enquiries", "/account"];

export function requireStaffSession({ location }: { location: ParsedLocation }): void {
  if (!hasStaffSession())
    throw redirect({ to: "/admin", search: returnSearch(location, STAFF_LANDING) as never, replace: true });
  // A viewer elsewhere (the dashboard it lands on by default, a ticket) goes to the reports: those
  // screens are built around writes it may not make (the server refuses them anyway).
  if (readStoredUser()?.role === "VIEWER" && !VIEWER_PATHS.includes(location.pathname))
    throw redirect({ to: VIEWER_LANDING, replace: true });
}

export function requireClientSession({ location }: { location: ParsedLocation }): void {
  if (!hasClientSession())
    throw redirect({ to: "/client-auth", search: returnSearch(location, CLIENT_LANDING) as never, replace: true });
}
