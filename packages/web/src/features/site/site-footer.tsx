import { Anchor, Box, Container, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import { FooterLinkList } from "./footer-link-list";
import { FOOTER_COMPANY_LINKS, FOOTER_SERVICE_LINKS } from "./site-links";
import { SiteLogo } from "./site-logo";
import { SupportTicketPrompt } from "./support-ticket-link";
import { useSite } from "./site-content";

const COPYRIGHT_YEAR = 2025;

/** The shared footer of the marketing pages (docs/product-spec.md §2). */
export function SiteFooter() {
  const site = useSite();
  return (
    <Box component="footer" py="xl" mt="xl" bg="gray.0" style={{ borderTop: "1px solid var(--mantine-color-gray-3)" }}>
      <Container size="lg">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xl">
          <Stack gap="sm">
            <SiteLogo />
            <Text size="sm" c="dimmed">
              {site.tagline}
            </Text>
            <SupportTicketPrompt />
            <Group gap="md">
              {/* Placeholders until the provider's social accounts exist (spec: href "#"). */}
              {site.social.map((network) => (
                <Anchor key={network.label} href={network.href} size="sm" c="dimmed" aria-label={network.label}>
                  {network.label}
                </Anchor>
              ))}
            </Group>
          </Stack>
          <FooterLinkList title="Services" items={FOOTER_SERVICE_LINKS} />
          <FooterLinkList title="Company" items={FOOTER_COMPANY_LINKS} />
        </SimpleGrid>
        <Text size="xs" c="dimmed" ta="center" mt="xl">
          © {COPYRIGHT_YEAR} {site.name}. All rights reserved.
        </Text>
      </Container>
    </Box>
  );
}
