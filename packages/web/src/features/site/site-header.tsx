import { Box, Container, Group } from "@mantine/core";
import { BrandLink } from "./brand-link";
import { DesktopNav } from "./desktop-nav";
import { MobileNav } from "./mobile-nav";

/** The shared header of the marketing pages (spec section 2). */
export function SiteHeader() {
  return (
    <Box component="header" py="sm" style={{ borderBottom: "1px solid var(--mantine-color-gray-3)" }}>
      <Container size="lg">
        <Group justify="space-between" wrap="nowrap">
          <BrandLink />
          <DesktopNav />
          <MobileNav />
        </Group>
      </Container>
    </Box>
  );
}
