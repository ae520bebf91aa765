import { Badge, Container, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";

interface ServiceHeroProps {
  title: string;
  /** The fixed-scope duration ("48 hours"), shown above the title. */
  badge?: string;
  children: ReactNode;
}

/** The opening block of a service page. */
export function ServiceHero({ title, badge, children }: ServiceHeroProps) {
  return (
    <Container size="md" py="xl">
      {badge ? (
        <Badge size="lg" variant="light" mb="sm">
          {badge}
        </Badge>
      ) : null}
      <Title order={1}>{title}</Title>
      <Text size="lg" c="dimmed" mt="md">
        {children}
      </Text>
    </Container>
  );
}
