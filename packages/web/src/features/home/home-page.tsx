import { Badge, Card, SimpleGrid, Text, Title } from "@mantine/core";
import { HOME_PAGE, OFFERINGS, PROMISES } from "@repo/content";
import { HeadingWithText } from "../../components/heading-with-text";
import { AnchorLink, ButtonLink } from "../../components/router-links";
import { ConsultationButton } from "../site/consultation-button";
import { PageHero } from "../site/page-hero";
import { PageSection } from "../site/page-section";
import { SERVICE_ROUTES } from "../site/site-links";
import { usePricingPage } from "../site/site-content";

/** Home (docs/product-spec.md §2): the hero, three service cards, the fixed-scope packages and "IT That Fits Your Business". */
export function HomePage() {
  const pricing = usePricingPage();
  return (
    <>
      <PageHero
        kind="home"
        badge={<>Toronto IT for teams of {PROMISES.teamSize}</>}
        headline={HOME_PAGE.headline}
        text={HOME_PAGE.subheadline}
      >
        <ConsultationButton origin="homepage" size="lg" />
        <ButtonLink to="/pricing" variant="default" size="lg">
          See packages
        </ButtonLink>
      </PageHero>

      <PageSection
        title="How we help"
        intro="Three ways to work with us, all with the same engineers who know your setup."
      >
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
          {OFFERINGS.map((offering) => (
            <Card key={offering.id} withBorder radius="md" padding="xl" shadow="xs">
              <Title order={3}>{offering.name}</Title>
              <Text c="dimmed" mt="sm">
                {offering.summary}
              </Text>
              <Text size="sm" fw={600} mt="md" c="blue">
                {offering.pricing}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </PageSection>

      <PageSection
        title="Fixed-scope packages"
        intro="A set scope and a set timeline, agreed before we start."
        bg="gray.0"
      >
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="lg">
          {pricing.fixedScope.map((pkg) => (
            <Card key={pkg.slug} withBorder radius="md" padding="lg">
              <Badge variant="light" mb="sm">
                {pkg.duration}
              </Badge>
              <AnchorLink to={SERVICE_ROUTES[pkg.slug]} fw={700} size="lg" c="dark">
                {pkg.name}
              </AnchorLink>
              <Text size="sm" c="dimmed" mt="xs">
                {pkg.limits[0]}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </PageSection>

      <PageSection title={HOME_PAGE.why.title} intro={HOME_PAGE.why.text}>
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="xl">
          {HOME_PAGE.why.points.map((point) => (
            <div key={point.title}>
              <HeadingWithText order={3} size="h4" title={point.title} text={point.text} />
            </div>
          ))}
        </SimpleGrid>
        <ConsultationButton origin="why" size="lg" mt={40} />
      </PageSection>
    </>
  );
}
