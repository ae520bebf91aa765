import { SimpleGrid, Stack, Title } from "@mantine/core";
import type { ServicePageView } from "@repo/content";
import { CheckList } from "../site/check-list";
import { PageSection } from "../site/page-section";
import { ClosingCta } from "./closing-cta";
import { ContentCards } from "./content-cards";
import FaqAccordion from "./faq-accordion.island";
import { HowItWorks } from "./how-it-works";
import { MobileQuoteBar } from "./mobile-quote-bar";
import { SecurityMeasures } from "./security-measures";
import { ServiceHero } from "./service-hero";
import { ServiceJsonLd } from "./service-json-ld";
import { TimelineCard } from "./timeline-card";

/**
 * The one pattern of the six service pages (docs/product-spec.md §2) and of the pages a provider added:
 * hero, content, FAQ, closing call to action, and the fixed Get a quote bar on small screens. Each section
 * shows only when the service has content for it.
 */
export function ServicePage({ service }: { service: ServicePageView }) {
  const hasPackageDetails = service.whatYouGet.length > 0 || service.timeline !== null;
  return (
    <>
      <ServiceJsonLd service={service} />
      <ServiceHero service={service} />

      {service.cards.length > 0 ? (
        <PageSection title="What we do">
          <ContentCards cards={service.cards} />
        </PageSection>
      ) : null}

      {hasPackageDetails ? (
        <PageSection>
          <SimpleGrid cols={{ base: 1, md: service.whatYouGet.length > 0 ? 2 : 1 }} spacing={48}>
            {service.whatYouGet.length > 0 ? (
              <Stack gap="lg">
                <Title order={2}>What You Get</Title>
                <CheckList items={service.whatYouGet} size="md" />
              </Stack>
            ) : null}
            {service.timeline ? <TimelineCard timeline={service.timeline} scope={service.scope} /> : null}
          </SimpleGrid>
        </PageSection>
      ) : null}

      {service.howItWorks.length > 0 ? (
        <PageSection title="How It Works" bg="gray.0">
          <HowItWorks steps={service.howItWorks} />
        </PageSection>
      ) : null}

      {service.whatWeNeed.length > 0 ? (
        <PageSection title="What We Need From You">
          <CheckList items={service.whatWeNeed} size="md" />
        </PageSection>
      ) : null}

      {service.securityMeasures ? (
        <PageSection title="Security Measures Covered" bg="gray.0">
          <SecurityMeasures measures={service.securityMeasures} />
        </PageSection>
      ) : null}

      <PageSection title="Frequently Asked Questions" size="md">
        <FaqAccordion faqs={service.faqs} />
      </PageSection>

      <PageSection pt={0}>
        <ClosingCta service={service} />
      </PageSection>

      <MobileQuoteBar service={service.quote} />
    </>
  );
}
