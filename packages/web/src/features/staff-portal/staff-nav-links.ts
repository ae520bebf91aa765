// The staff portal's sections, in menu order. Admin-only sections are hidden from agents (the routes
// check the role too, and the server enforces it on every call).
import type { Role } from "@repo/validators";

export interface StaffNavLink {
  label: string;
  to:
    | "/dashboard"
    | "/inventory"
    | "/enquiries"
    | "/mail"
    | "/reports"
    | "/canned-replies"
    | "/settings/sla"
    | "/users"
    | "/clients";
  adminOnly?: boolean;
  /** A VIEWER sees it too (lib/route-guards.ts VIEWER_PATHS). */
  forViewer?: boolean;
}

export const STAFF_NAV_LINKS: readonly StaffNavLink[] = [
  { label: "Dashboard", to: "/dashboard" },
  { label: "Inventory", to: "/inventory" },
  { label: "Enquiries", to: "/enquiries", forViewer: true },
  { label: "Mail", to: "/mail" },
  { label: "Reports", to: "/reports", forViewer: true },
  { label: "SLA", to: "/settings/sla" },
  { label: "Canned Replies", to: "/canned-replies" },
  { label: "Users", to: "/users", adminOnly: true },
  { label: "Clients", to: "/clients", adminOnly: true },
];

export function staffNavLinksFor(role: Role): StaffNavLink[] {
  if (role === "VIEWER") return STAFF_NAV_LINKS.filter((link) => link.forViewer);
  return STAFF_NAV_LINKS.filter((link) => !link.adminOnly || role === "ADMIN");
}
