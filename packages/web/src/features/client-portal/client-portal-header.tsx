import { Anchor, Box, Group, Text } from "@mantine/core";
import { useLocation } from "@tanstack/react-router";
import { ButtonLink } from "../../components/router-links";
import { SiteLogo } from "../site/site-logo";
import { useSite } from "../site/site-content";

const SECTIONS = [
  { to: "/client", label: "Dashboard" },
  { to: "/client/inventory", label: "Device Inventory" },
] as const;

// My account stays where the spec's dashboard header has its buttons (beside Logout), once per screen.

/** A ticket belongs to the dashboard: that is where its list is, and where Back goes. */
function isCurrent(to: (typeof SECTIONS)[number]["to"], pathname: string): boolean {
  if (to === "/client")
    return pathname === "/client" || pathname === "/client-dashboard" || pathname.startsWith("/client/tickets/");
  return pathname === to;
}

/**
 * The bar above every client screen: the logo, which leads back to the website (a plain page load: the
 * marketing pages are prerendered), and the portal's sections. On a phone the sections wrap onto a row of
 * their own under the logo and a "Website" link, so both stay one tap away (docs/features.md §7).
 */
export function ClientPortalHeader() {
  const site = useSite();
  const pathname = useLocation({ select: (location) => location.pathname });
  return (
    <Box
      component="header"
      py="xs"
      px="md"
      bg="white"
      style={{ borderBottom: "1px solid var(--mantine-color-gray-3)" }}
    >
      <Group justify="space-between" wrap="wrap" gap="xs" maw={1200} mx="auto">
        <Group gap="sm" wrap="nowrap">
          <a href="/" aria-label={`${site.name} website`} style={{ display: "inline-flex" }}>
            <SiteLogo w={140} h={28} />
          </a>
          <Text size="sm" c="dimmed" fw={500} visibleFrom="xs">
            Client Portal
          </Text>
        </Group>
        <Anchor href="/" size="sm" hiddenFrom="sm">
          Website
        </Anchor>
        <Group gap={4} component="nav" aria-label="Client portal" wrap="nowrap" w={{ base: "100%", sm: "auto" }}>
          {SECTIONS.map((section) => {
            const current = isCurrent(section.to, pathname);
            return (
              <ButtonLink
                key={section.to}
                to={section.to}
                variant={current ? "light" : "subtle"}
                aria-current={current ? "page" : undefined}
                px="sm"
              >
                {section.label}
              </ButtonLink>
            );
          })}
        </Group>
      </Group>
    </Box>
  );
}
