import { Burger, Divider, Drawer, Stack, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { ButtonLink } from "../../components/router-links";
import { SiteNavLink } from "./site-nav-link";
import {
  CLIENT_PORTAL_LINK,
  HEADER_LINKS_AFTER_SERVICES,
  HEADER_LINKS_BEFORE_SERVICES,
  HEADER_SERVICE_LINKS,
  type SiteLink,
} from "./site-links";

/** The burger and drawer of small screens; it repeats every header link (spec section 2). */
export function MobileNav() {
  const [opened, { toggle, close }] = useDisclosure(false);
  // Closing on click: the drawer would otherwise stay open over the page just navigated to.
  const drawerLink = (item: SiteLink) => (
    <SiteNavLink key={item.label} item={item} onClick={close} justify="flex-start" fullWidth />
  );

  return (
    <>
      <Burger opened={opened} onClick={toggle} hiddenFrom="md" aria-label={opened ? "Close menu" : "Open menu"} />
      <Drawer opened={opened} onClose={close} title="Menu" position="right" size="xs" hiddenFrom="md">
        <Stack gap={4} component="nav" aria-label="Mobile">
          {HEADER_LINKS_BEFORE_SERVICES.map(drawerLink)}
          <Divider my="xs" />
          <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="md">
            Services
          </Text>
          {HEADER_SERVICE_LINKS.map(drawerLink)}
          <Divider my="xs" />
          {HEADER_LINKS_AFTER_SERVICES.map(drawerLink)}
          <ButtonLink {...CLIENT_PORTAL_LINK.link} onClick={close} mt="sm" fullWidth>
            {CLIENT_PORTAL_LINK.label}
          </ButtonLink>
        </Stack>
      </Drawer>
    </>
  );
}
