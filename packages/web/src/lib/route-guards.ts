// Route guards for `beforeLoad`: a redirect thrown here stops the route before any portal code loads. The
// sign-in page learns where the person was going, and returns them there (lib/return-path.ts).
import { type ParsedLocation, redirect } from "@tanstack/react-router";
import { hasClientSession, hasStaffSession } from "./auth-storage";
import { returnSearch } from "./return-path";

export const STAFF_LANDING = "/dashboard";
export const CLIENT_LANDING = "/client-dashboard";

export function requireStaffSession({ location }: { location: ParsedLocation }): void {
  if (!hasStaffSession())
    throw redirect({ to: "/admin", search: returnSearch(location, STAFF_LANDING) as never, replace: true });
}

export function requireClientSession({ location }: { location: ParsedLocation }): void {
  if (!hasClientSession())
    throw redirect({ to: "/client-auth", search: returnSearch(location, CLIENT_LANDING) as never, replace: true });
}
