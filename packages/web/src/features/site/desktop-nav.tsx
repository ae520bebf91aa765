import { Button, Group } from "@mantine/core";
import { ServicesMenu } from "./services-menu";
import { SiteNavLink } from "./site-nav-link";
import { CLIENT_PORTAL_LINK, HEADER_LINKS_AFTER_SERVICES, HEADER_LINKS_BEFORE_SERVICES, linkHref } from "./site-links";

/**
 * The header's links on medium screens and up. Tighter than a button's default padding, so the bar and
 * the ticket-form button beside it (support-ticket-link.tsx) stay on one line from 992 px up.
 */
export function DesktopNav() {
  return (
    <Group gap={4} visibleFrom="md" component="nav" aria-label="Main">
      {HEADER_LINKS_BEFORE_SERVICES.map((item) => (
        <SiteNavLink key={item.label} item={item} px="sm" />
      ))}
      <ServicesMenu />
      {HEADER_LINKS_AFTER_SERVICES.map((item) => (
        <SiteNavLink key={item.label} item={item} px="sm" />
      ))}
      <Button component="a" href={linkHref(CLIENT_PORTAL_LINK)} ml="sm">
        {CLIENT_PORTAL_LINK.label}
      </Button>
    </Group>
  );
}
