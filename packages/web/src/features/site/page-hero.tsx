import { Badge, Box, Container, Group, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";

/** The home page's hero is the larger one; a service page's is a step smaller and its badge is filled. */
const HERO_STYLES = {
  home: {
    py: { base: 56, md: 96 },
    badgeVariant: "light",
    title: { maw: 800, fz: { base: 36, md: 56 }, lh: 1.1 },
    text: { mt: "lg", maw: 680 },
  },
  service: {
    py: { base: 48, md: 80 },
    badgeVariant: "filled",
    title: { maw: 820, fz: { base: 34, md: 48 }, lh: 1.15 },
    text: { mt: "md", maw: 760 },
  },
} as const;

interface PageHeroProps {
  kind: keyof typeof HERO_STYLES;
  /** The badge above the headline, if any (the team size, a package's duration). */
  badge?: ReactNode;
  headline: ReactNode;
  text: ReactNode;
  /** The buttons under the text. */
  children: ReactNode;
}

/** The opening band of the home page and of the service pages. */
export function PageHero({ kind, badge, headline, text, children }: PageHeroProps) {
  const styles = HERO_STYLES[kind];
  return (
    <Box component="section" py={styles.py} bg="blue.0">
      <Container size="lg">
        {badge ? (
          // A sentence, not a status: it wraps on a 320 px screen instead of widening the page (WCAG 1.4.10).
          <Badge
            variant={styles.badgeVariant}
            size="lg"
            mb="md"
            maw="100%"
            h="auto"
            styles={{ root: { minWidth: 0 }, label: { whiteSpace: "normal", textAlign: "center" } }}
          >
            {badge}
          </Badge>
        ) : null}
        <Title order={1} {...styles.title}>
          {headline}
        </Title>
        <Text size="xl" c="dimmed" {...styles.text}>
          {text}
        </Text>
        <Group mt="xl">{children}</Group>
      </Container>
    </Box>
  );
}
