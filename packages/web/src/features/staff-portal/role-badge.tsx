import { Badge } from "@mantine/core";
import type { Role } from "@repo/validators";

const ROLE_COLORS: Record<Role, string> = { ADMIN: "red", AGENT: "blue", VIEWER: "gray", CLIENT: "teal" };

/** The signed-in person's role, as the dashboard header shows it (docs/product-spec.md §2). */
export function RoleBadge({ role }: { role: Role }) {
  return (
    <Badge color={ROLE_COLORS[role]} variant="light">
      {role}
    </Badge>
  );
}
