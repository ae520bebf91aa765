// The staff portal's sections, in menu order. Admin-only sections are hidden from agents (the routes
// check the role too, and the server enforces it on every call).
import type { Role } from "@repo/validators";

export interface StaffNavLink {
  label: string;
  to: "/dashboard" | "/inventory" | "/enquiries" | "/mail" | "/users" | "/clients";
  adminOnly?: boolean;
}

export const STAFF_NAV_LINKS: readonly StaffNavLink[] = [
  { label: "Dashboard", to: "/dashboard" },
  { label: "Inventory", to: "/inventory" },
  { label: "Enquiries", to: "/enquiries" },
  { label: "Mail", to: "/mail" },
  { label: "Users", to: "/users", adminOnly: true },
  { label: "Clients", to: "/clients", adminOnly: true },
];

export function staffNavLinksFor(role: Role): StaffNavLink[] {
  return STAFF_NAV_LINKS.filter((link) => !link.adminOnly || role === "ADMIN");
}
