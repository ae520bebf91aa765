import { Container, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";

interface PageIntroProps {
  title: ReactNode;
  children?: ReactNode;
}

/** A page's heading and opening paragraph; the first block of most pages. */
export function PageIntro({ title, children }: PageIntroProps) {
  return (
    <Container size="md" py="xl">
      <Title order={1}>{title}</Title>
      {children ? (
        <Text size="lg" c="dimmed" mt="md">
          {children}
        </Text>
      ) : null}
    </Container>
  );
}
