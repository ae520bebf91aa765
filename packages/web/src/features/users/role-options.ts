import { ROLES, type Role } from "@repo/validators";

/** What each role may do, in the words of the Users screen (docs/architecture.md "Auth", docs/product-spec.md §6). */
export const ROLE_LABELS: Record<Role, string> = {
  ADMIN: "Admin: everything, including users and clients",
  AGENT: "Agent: tickets and devices",
  VIEWER: "Viewer: read-only API access, never assigned",
  CLIENT: "Client: the client portal of one company",
};

export const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));
