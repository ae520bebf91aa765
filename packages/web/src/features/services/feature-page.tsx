import { Box, Container, Grid, Text, Title } from "@mantine/core";
import { FEATURE_PAGES } from "@repo/content";
import { illustrationFallback } from "../../lib/illustration-fallback";
import { CheckList } from "../site/check-list";
import { ConsultationButton } from "../site/consultation-button";
import FallbackImage from "../site/fallback-image.island";

/** App & Cloud Setup and Security (docs/product-spec.md §2): five feature bullets, a picture and a consultation link. */
export function FeaturePage({ page }: { page: keyof typeof FEATURE_PAGES }) {
  const content = FEATURE_PAGES[page];
  return (
    <Box component="section" py={{ base: 48, md: 80 }}>
      <Container size="lg">
        <Grid gap={48} align="center">
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Title order={1} fz={{ base: 34, md: 46 }} lh={1.15}>
              {content.title}
            </Title>
            <Text size="xl" c="dimmed" mt="md">
              {content.summary}
            </Text>
            <Text mt="md">{content.intro}</Text>
            <CheckList items={content.features} size="md" mt="xl" />
            <ConsultationButton origin={content.contactRef} size="lg" mt="xl" />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <FallbackImage
              src={content.image.src}
              fallbackSrc={illustrationFallback(content.title)}
              alt={content.image.alt}
              radius="lg"
              h={{ base: 240, md: 380 }}
              fit="cover"
            />
          </Grid.Col>
        </Grid>
      </Container>
    </Box>
  );
}
