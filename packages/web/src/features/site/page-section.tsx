import { Box, Container, Text, Title, type BoxProps, type MantineSize } from "@mantine/core";
import type { ReactNode } from "react";

interface PageSectionProps extends BoxProps {
  title?: ReactNode;
  intro?: ReactNode;
  size?: MantineSize | number;
  children: ReactNode;
}

/** One band of a marketing page: an optional heading and intro over its content. */
export function PageSection({ title, intro, size = "lg", children, ...boxProps }: PageSectionProps) {
  return (
    <Box component="section" py={{ base: 40, md: 64 }} {...boxProps}>
      <Container size={size}>
        {title ? (
          <Title order={2} mb={intro ? "xs" : "lg"}>
            {title}
          </Title>
        ) : null}
        {intro ? (
          <Text c="dimmed" size="lg" mb="lg" maw={720}>
            {intro}
          </Text>
        ) : null}
        {children}
      </Container>
    </Box>
  );
}
