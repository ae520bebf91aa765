import { Badge, Card, Container, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { PRICING_PAGE } from "@repo/content";
import { AnchorLink, ButtonLink } from "../../components/router-links";
import QuoteButton from "../services/quote-button.island";
import { CheckList } from "../site/check-list";
import { PageHeading } from "../site/page-heading";
import { PageSection } from "../site/page-section";
import { SERVICE_ROUTES } from "../site/site-links";

/**
 * /pricing (docs/architecture.md): the fixed-scope packages with their durations and scope limits, then managed IT
 * and help desk, quoted on request. No prices are shown: every quote is made for the team in front of us.
 */
export function PricingPage() {
  return (
    <>
      <Container size="lg" pt={{ base: 48, md: 80 }}>
        <PageHeading title={PRICING_PAGE.title} subtitle={PRICING_PAGE.subtitle} maw={760} />
      </Container>

      <PageSection title="Fixed-scope packages">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          {PRICING_PAGE.fixedScope.map((pkg) => (
            <Card key={pkg.slug} withBorder radius="md" padding="xl" shadow="xs">
              <Group justify="space-between" align="flex-start" wrap="nowrap">
                <Title order={3}>
                  <AnchorLink to={SERVICE_ROUTES[pkg.slug]} c="dark" inherit>
                    {pkg.name}
                  </AnchorLink>
                </Title>
                <Badge size="lg" variant="filled" style={{ flexShrink: 0 }}>
                  {pkg.duration}
                </Badge>
              </Group>
              <Text size="sm" c="dimmed" mt={4}>
                {pkg.duration} {pkg.durationNote}
              </Text>
              <Text mt="md">{pkg.summary}</Text>
              <Text fw={700} mt="md" mb="xs">
                Scope
              </Text>
              <CheckList items={pkg.limits} size="sm" />
              <Group mt="xl">
                <QuoteButton service={pkg.slug} />
                <ButtonLink to={SERVICE_ROUTES[pkg.slug]} variant="default">
                  Details
                </ButtonLink>
              </Group>
            </Card>
          ))}
        </SimpleGrid>
      </PageSection>

      <PageSection title="Ongoing services" bg="gray.0">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          {PRICING_PAGE.onQuote.map((service) => (
            <Card key={service.id} withBorder radius="md" padding="xl">
              <Group justify="space-between" align="flex-start" wrap="nowrap">
                <Title order={3}>{service.name}</Title>
                <Badge size="lg" variant="light" style={{ flexShrink: 0 }}>
                  {service.pricing}
                </Badge>
              </Group>
              <Text mt="md">{service.summary}</Text>
              <ButtonLink to="/contact" search={{ service: service.id, ref: "pricing" }} variant="light" mt="xl">
                Request a quote
              </ButtonLink>
            </Card>
          ))}
        </SimpleGrid>
        <Stack mt="xl">
          <Text c="dimmed">{PRICING_PAGE.note}</Text>
        </Stack>
      </PageSection>
    </>
  );
}
