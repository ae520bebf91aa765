import type { ButtonProps } from "@mantine/core";
import { ButtonLink } from "../../components/router-links";
import type { SiteLink } from "./site-links";

interface SiteNavLinkProps extends ButtonProps {
  item: SiteLink;
  onClick?: () => void;
}

/** One header link, styled as a quiet button so it lines up with the Services dropdown. */
export function SiteNavLink({ item, onClick, ...buttonProps }: SiteNavLinkProps) {
  return (
    <ButtonLink {...item.link} variant="subtle" color="gray" c="dark" onClick={onClick} {...buttonProps}>
      {item.label}
    </ButtonLink>
  );
}
