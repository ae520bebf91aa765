import { Badge, Card, Container, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { type AddedPackage, formatPrice, type PackageSlug } from "@repo/content";
import type { QuoteService } from "@repo/validators/labels";
import { AnchorLink, ButtonLink } from "../../components/router-links";
import QuoteButton from "../services/quote-button.island";
import { CheckList } from "../site/check-list";
import { PageHeading } from "../site/page-heading";
import { PageSection } from "../site/page-section";
import { usePricingPage } from "../site/site-content";
import { SERVICE_ROUTES } from "../site/site-links";

/**
 * /pricing (docs/architecture.md): the fixed-scope packages with their durations and scope limits, then managed IT
 * and help desk, quoted on request. A package shows a price only where the provider published one (the staff
 * portal's Website screen); otherwise it is quoted for the team in front of us.
 */
export function PricingPage() {
  const pricing = usePricingPage();
  return (
    <>
      <Container size="lg" pt={{ base: 48, md: 80 }}>
        <PageHeading title={pricing.title} subtitle={pricing.subtitle} maw={760} />
      </Container>

      <PageSection title="Fixed-scope packages">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          {pricing.fixedScope.map((pkg) => (
            <PackageCard key={pkg.slug} pkg={pkg} quote={pkg.slug} link={{ to: SERVICE_ROUTES[pkg.slug] }} />
          ))}
        </SimpleGrid>
      </PageSection>

      {pricing.morePackages.length > 0 ? (
        <PageSection title="More packages">
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            {pricing.morePackages.map((pkg) => (
              <PackageCard
                key={pkg.slug}
                pkg={pkg}
                quote={null}
                link={{ to: "/services/$slug", params: { slug: pkg.slug } }}
              />
            ))}
          </SimpleGrid>
        </PageSection>
      ) : null}

      <PageSection title="Ongoing services" bg="gray.0">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          {pricing.onQuote.map((service) => (
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
          <Text c="dimmed">{pricing.note}</Text>
        </Stack>
      </PageSection>
    </>
  );
}

interface PackageCardProps {
  pkg: Pick<AddedPackage, "name" | "duration" | "durationNote" | "summary" | "priceCents" | "limits">;
  /** The contact form's service value; null (an added page): plain /contact. */
  quote: QuoteService | null;
  link: { to: (typeof SERVICE_ROUTES)[PackageSlug] } | { to: "/services/$slug"; params: { slug: string } };
}

/** A package on /pricing, one of the spec's four or one of a provider's added pages. */
function PackageCard({ pkg, quote, link }: PackageCardProps) {
  return (
    <Card withBorder radius="md" padding="xl" shadow="xs">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Title order={3}>
          <AnchorLink {...link} c="dark" inherit>
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
      {pkg.priceCents === null ? null : (
        <Text fw={700} size="xl" mt="md">
          {formatPrice(pkg.priceCents)}
        </Text>
      )}
      <Text fw={700} mt="md" mb="xs">
        Scope
      </Text>
      <CheckList items={pkg.limits} size="sm" />
      <Group mt="xl">
        <QuoteButton service={quote} />
        <ButtonLink {...link} variant="default">
          Details
        </ButtonLink>
      </Group>
    </Card>
  );
}
