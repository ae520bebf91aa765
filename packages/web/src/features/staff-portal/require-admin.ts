// Admin-only staff screens (Users, Clients). Like the portal's own guard this reads storage and is only
// UX: the server refuses every admin call from anyone else.
import { redirect } from "@tanstack/react-router";
import { readStoredUser } from "../../lib/auth-storage";

export function requireAdminSession(): void {
  if (readStoredUser()?.role !== "ADMIN") throw redirect({ to: "/dashboard", replace: true });
}
