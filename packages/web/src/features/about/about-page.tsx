import { Container, Stack, Text } from "@mantine/core";
import { ABOUT_PAGE } from "@repo/content";
import { illustrationFallback } from "../../lib/illustration-fallback";
import { LAYOUT } from "../../lib/ui-constants";
import { ConsultationButton } from "../site/consultation-button";
import { useOwnWords } from "../site/site-content";
import { PageHeading } from "../site/page-heading";
import FallbackImage from "../site/fallback-image.island";

/** About (docs/product-spec.md §2): title, subtitle, a 300 px hero picture, three paragraphs and a consultation link. */
export function AboutPage() {
  const own = useOwnWords();
  return (
    <Container size="md" py={{ base: 48, md: 80 }}>
      <PageHeading title={own(ABOUT_PAGE.title)} subtitle={ABOUT_PAGE.subtitle} />
      <FallbackImage
        src={ABOUT_PAGE.image.src}
        fallbackSrc={illustrationFallback(ABOUT_PAGE.title)}
        alt={own(ABOUT_PAGE.image.alt)}
        h={LAYOUT.aboutHeroHeightPx}
        radius="lg"
        fit="cover"
        my="xl"
      />
      <Stack gap="md">
        {ABOUT_PAGE.paragraphs.map((paragraph) => (
          <Text key={paragraph.slice(0, 40)} size="lg">
            {own(paragraph)}
          </Text>
        ))}
      </Stack>
      <ConsultationButton origin={ABOUT_PAGE.contactRef} size="lg" mt="xl" />
    </Container>
  );
}
