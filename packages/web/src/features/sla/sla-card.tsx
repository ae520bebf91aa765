import { Card, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";

/** A section of the SLA settings: a card named by its heading, with an optional line of explanation. */
export function SlaCard({
  id,
  title,
  intro,
  children,
}: {
  id: string;
  title: string;
  intro?: string;
  children: ReactNode;
}) {
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={id}>
      <Title order={2} size="h3" id={id} mb={intro ? "xs" : "md"}>
        {title}
      </Title>
      {intro ? (
        <Text size="sm" c="dimmed" mb="md">
          {intro}
        </Text>
      ) : null}
      {children}
    </Card>
  );
}
