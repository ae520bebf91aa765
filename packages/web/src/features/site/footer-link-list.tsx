import { Stack, Text } from "@mantine/core";
import { AnchorLink } from "../../components/router-links";
import type { SiteLink } from "./site-links";

interface FooterLinkListProps {
  title: string;
  items: readonly SiteLink[];
}

/** A titled column of footer links. */
export function FooterLinkList({ title, items }: FooterLinkListProps) {
  return (
    <Stack gap={6} component="nav" aria-label={title}>
      <Text fw={700} size="sm">
        {title}
      </Text>
      {items.map((item) => (
        <AnchorLink key={item.label} {...item.link} c="dimmed" size="sm">
          {item.label}
        </AnchorLink>
      ))}
    </Stack>
  );
}
