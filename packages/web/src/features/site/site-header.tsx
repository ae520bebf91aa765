import { Box, Container, Group } from "@mantine/core";
import { BrandLink } from "./brand-link";
import SiteNav from "./site-nav.island";
import { SupportTicketButton } from "./support-ticket-link";

/** The shared header of the marketing pages (docs/product-spec.md §2). Positioned: the phone menu opens below it. */
export function SiteHeader() {
  return (
    <Box component="header" pos="relative" py="sm" style={{ borderBottom: "1px solid var(--mantine-color-gray-3)" }}>
      <Container size="lg">
        <Group justify="space-between" wrap="nowrap">
          <BrandLink />
          <Group gap="xs" wrap="nowrap">
            <SupportTicketButton />
            <SiteNav />
          </Group>
        </Group>
      </Container>
    </Box>
  );
}
