import { Button, type ButtonProps } from "@mantine/core";
import { linkHref, type SiteLink } from "./site-links";

interface SiteNavLinkProps extends ButtonProps {
  item: SiteLink;
  onClick?: () => void;
}

/** One header link, styled as a quiet button so it lines up with the Services dropdown. */
export function SiteNavLink({ item, onClick, ...buttonProps }: SiteNavLinkProps) {
  return (
    <Button
      component="a"
      href={linkHref(item)}
      variant="subtle"
      color="gray"
      c="dark"
      onClick={onClick}
      {...buttonProps}
    >
      {item.label}
    </Button>
  );
}
