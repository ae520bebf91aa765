import { Box, Burger, Button, Divider, Paper, Stack, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useEffect, useId, useRef } from "react";
import classes from "./site-menus.module.css";
import { SiteNavLink } from "./site-nav-link";
import {
  CLIENT_PORTAL_LINK,
  HEADER_LINKS_AFTER_SERVICES,
  HEADER_LINKS_BEFORE_SERVICES,
  HEADER_SERVICE_LINKS,
  linkHref,
  type SiteLink,
} from "./site-links";

/**
 * The burger and menu panel of small screens; it repeats every header link (docs/product-spec.md §2). The panel
 * is in the page's HTML while closed (hidden), so its links are there for crawlers and without JavaScript.
 * Escape closes it and gives focus back to the burger.
 */
export function MobileNav() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const burgerRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!opened) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      close();
      burgerRef.current?.focus();
    };
    document.addEventListener("keydown", closeOnEscape);
    return () => document.removeEventListener("keydown", closeOnEscape);
  }, [opened, close]);

  // Closing on click: a link to the page already shown would otherwise leave the menu open over it.
  const menuLink = (item: SiteLink) => (
    <SiteNavLink key={item.label} item={item} onClick={close} justify="flex-start" fullWidth />
  );

  return (
    <Box hiddenFrom="md">
      <Burger
        ref={burgerRef}
        opened={opened}
        onClick={toggle}
        aria-label={opened ? "Close menu" : "Open menu"}
        aria-expanded={opened}
        aria-controls={panelId}
      />
      <Paper id={panelId} shadow="md" radius={0} className={classes.panel} hidden={!opened}>
        <Stack gap={4} component="nav" aria-label="Mobile">
          {HEADER_LINKS_BEFORE_SERVICES.map(menuLink)}
          <Divider my="xs" />
          <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="md">
            Services
          </Text>
          {HEADER_SERVICE_LINKS.map(menuLink)}
          <Divider my="xs" />
          {HEADER_LINKS_AFTER_SERVICES.map(menuLink)}
          <Button component="a" href={linkHref(CLIENT_PORTAL_LINK)} onClick={close} mt="sm" fullWidth>
            {CLIENT_PORTAL_LINK.label}
          </Button>
        </Stack>
      </Paper>
    </Box>
  );
}
