import { Container, Stack, Text, Title } from "@mantine/core";
import { ABOUT_PAGE } from "@repo/content";
import { illustrationFallback } from "../../lib/illustration-fallback";
import { LAYOUT } from "../../lib/ui-constants";
import { ConsultationButton } from "../site/consultation-button";
import FallbackImage from "../site/fallback-image.island";

/** About (docs/product-spec.md §2): title, subtitle, a 300 px hero picture, three paragraphs and a consultation link. */
export function AboutPage() {
  return (
    <Container size="md" py={{ base: 48, md: 80 }}>
      <Title order={1} fz={{ base: 34, md: 46 }}>
        {ABOUT_PAGE.title}
      </Title>
      <Text size="xl" c="dimmed" mt="sm">
        {ABOUT_PAGE.subtitle}
      </Text>
      <FallbackImage
        src={ABOUT_PAGE.image.src}
        fallbackSrc={illustrationFallback(ABOUT_PAGE.title)}
        alt={ABOUT_PAGE.image.alt}
        h={LAYOUT.aboutHeroHeightPx}
        radius="lg"
        fit="cover"
        my="xl"
      />
      <Stack gap="md">
        {ABOUT_PAGE.paragraphs.map((paragraph) => (
          <Text key={paragraph.slice(0, 40)} size="lg">
            {paragraph}
          </Text>
        ))}
      </Stack>
      <ConsultationButton origin={ABOUT_PAGE.contactRef} size="lg" mt="xl" />
    </Container>
  );
}
