import { Button, Menu } from "@mantine/core";
import { MenuItemLink } from "../../components/router-links";
import { HEADER_SERVICE_LINKS } from "./site-links";

/** The header's Services dropdown: opens on hover for mouse users and on click for everyone else. */
export function ServicesMenu() {
  return (
    <Menu trigger="click-hover" openDelay={50} closeDelay={150} position="bottom-start" shadow="md" width={280}>
      <Menu.Target>
        <Button variant="subtle" color="gray" c="dark" rightSection={<span aria-hidden>▾</span>}>
          Services
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {HEADER_SERVICE_LINKS.map(({ label, link }) => (
          <MenuItemLink key={label} {...link}>
            {label}
          </MenuItemLink>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
