import { Group } from "@mantine/core";
import { useLocation } from "@tanstack/react-router";
import { ButtonLink } from "../../components/router-links";

const LINKS = [
  { to: "/billing", label: "Invoices" },
  { to: "/billing/run", label: "Billing run" },
  { to: "/billing/agreements", label: "Agreements" },
  { to: "/billing/settings", label: "Settings" },
] as const;

/** The billing area's own links: the staff menu lists Billing once, and these lead between its screens. */
export function BillingLinks() {
  const pathname = useLocation({ select: (location) => location.pathname });
  return (
    <Group gap={4} component="nav" aria-label="Billing" mb="md" wrap="wrap">
      {LINKS.map((link) => {
        const current =
          pathname === link.to || (link.to === "/billing/agreements" && pathname.startsWith("/billing/agreements/"));
        return (
          <ButtonLink
            key={link.to}
            to={link.to}
            size="xs"
            variant={current ? "light" : "subtle"}
            aria-current={current ? "page" : undefined}
          >
            {link.label}
          </ButtonLink>
        );
      })}
    </Group>
  );
}
