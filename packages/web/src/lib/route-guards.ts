// Route guards for `beforeLoad`: a redirect thrown here stops the route before any portal code loads.
import { redirect } from "@tanstack/react-router";
import { hasClientSession, hasStaffSession } from "./auth-storage";

export function requireStaffSession(): void {
  if (!hasStaffSession()) throw redirect({ to: "/admin", replace: true });
}

export function requireClientSession(): void {
  if (!hasClientSession()) throw redirect({ to: "/client-auth", replace: true });
}
