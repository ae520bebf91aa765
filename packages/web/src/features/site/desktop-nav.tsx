import { Button, Group } from "@mantine/core";
import { ServicesMenu } from "./services-menu";
import { SiteNavLink } from "./site-nav-link";
import { CLIENT_PORTAL_LINK, HEADER_LINKS_AFTER_SERVICES, HEADER_LINKS_BEFORE_SERVICES, linkHref } from "./site-links";

/** The header's links on medium screens and up. */
export function DesktopNav() {
  return (
    <Group gap={4} visibleFrom="md" component="nav" aria-label="Main">
      {HEADER_LINKS_BEFORE_SERVICES.map((item) => (
        <SiteNavLink key={item.label} item={item} />
      ))}
      <ServicesMenu />
      {HEADER_LINKS_AFTER_SERVICES.map((item) => (
        <SiteNavLink key={item.label} item={item} />
      ))}
      <Button component="a" href={linkHref(CLIENT_PORTAL_LINK)} ml="sm">
        {CLIENT_PORTAL_LINK.label}
      </Button>
    </Group>
  );
}
