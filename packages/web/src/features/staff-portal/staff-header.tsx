import { Box, Burger, Button, Drawer, Group, Stack, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { Link, useLocation } from "@tanstack/react-router";
import { ButtonLink } from "../../components/router-links";
import type { StoredUser } from "../../lib/auth-storage";
import { staffLandingFor } from "../../lib/route-guards";
import { useStaffSignOut } from "../staff-auth/staff-session";
import { RoleBadge } from "./role-badge";
import { type StaffNavLink, staffNavLinksFor } from "./staff-nav-links";
import { useSite } from "../site/site-content";

/**
 * The bar above every staff screen: the sections (Inventory among them, docs/product-spec.md §2), the role badge
 * and sign-out. On small screens the sections move into a drawer.
 */
export function StaffHeader({ user }: { user: StoredUser }) {
  const site = useSite();
  const [menuOpened, menu] = useDisclosure(false);
  const { signOut, pending } = useStaffSignOut();
  const links = staffNavLinksFor(user.role);
  const pathname = useLocation({ select: (location) => location.pathname });
  // A ticket belongs to the dashboard's section: that is where the person came from and goes back to.
  const isCurrent = (to: string) => pathname === to || (to === "/dashboard" && pathname.startsWith("/tickets/"));
  const signOutButton = (
    <Button variant="default" onClick={signOut} disabled={pending}>
      {pending ? "Signing out..." : "Sign Out"}
    </Button>
  );

  return (
    <Box component="header" py="sm" px="md" style={{ borderBottom: "1px solid var(--mantine-color-gray-3)" }}>
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Group gap="lg" wrap="nowrap">
          <Text
            component={Link}
            to={staffLandingFor(user.role)}
            fw={700}
            size="lg"
            c="inherit"
            style={{ textDecoration: "none" }}
          >
            {site.name}{" "}
            <Text span c="dimmed" fw={500}>
              Staff
            </Text>
          </Text>
          <Group gap={4} component="nav" aria-label="Staff portal" visibleFrom="lg" wrap="nowrap">
            {links.map((link) => (
              <NavButton key={link.to} link={link} current={isCurrent(link.to)} />
            ))}
          </Group>
        </Group>
        {/* The name gives way (truncated) before the menu overflows a 1200 px screen. */}
        <Group gap="sm" wrap="nowrap" miw={0}>
          <Text
            component={Link}
            to="/account"
            size="sm"
            visibleFrom="sm"
            truncate
            maw={200}
            miw={40}
            c="inherit"
            title="My account"
            // The visible name first, so that a voice user saying what they see reaches it (WCAG 2.5.3).
            aria-label={`${user.name}, my account`}
          >
            {user.name}
          </Text>
          <RoleBadge role={user.role} />
          <Box visibleFrom="lg">{signOutButton}</Box>
          <Burger
            opened={menuOpened}
            onClick={menu.toggle}
            hiddenFrom="lg"
            aria-label={menuOpened ? "Close menu" : "Open menu"}
          />
        </Group>
      </Group>
      <Drawer opened={menuOpened} onClose={menu.close} title={user.name} position="right" size="xs" hiddenFrom="lg">
        <Stack gap={4} component="nav" aria-label="Staff portal (mobile)">
          {links.map((link) => (
            <NavButton
              key={link.to}
              link={link}
              current={isCurrent(link.to)}
              justify="flex-start"
              fullWidth
              onClick={menu.close}
            />
          ))}
          <Button component={Link} to="/account" variant="subtle" justify="flex-start" fullWidth onClick={menu.close}>
            My account
          </Button>
          <Box mt="md">{signOutButton}</Box>
        </Stack>
      </Drawer>
    </Box>
  );
}

interface NavButtonProps {
  link: StaffNavLink;
  /** The section the screen belongs to: highlighted, and announced as the current page. */
  current: boolean;
  justify?: "flex-start";
  fullWidth?: boolean;
  onClick?(): void;
}

/**
 * One section link, in the bar or in the drawer. Tighter than a button's default padding, so that from
 * 992 px the bar holds every section, the name, the role badge (which never shrinks) and Sign Out.
 */
function NavButton({ link, current, ...layout }: NavButtonProps) {
  return (
    <ButtonLink
      to={link.to}
      variant={current ? "light" : "subtle"}
      aria-current={current ? "page" : undefined}
      px="sm"
      {...layout}
    >
      {link.label}
    </ButtonLink>
  );
}
