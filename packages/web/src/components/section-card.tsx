import { Card, Title } from "@mantine/core";
import type { ReactNode } from "react";

interface SectionCardProps {
  /** The heading's id: the section is labelled by its heading for screen readers. */
  titleId: string;
  title: string;
  children: ReactNode;
}

/** A bordered section of the staff ticket screen (details, conversation, emails, history) with its h2. */
export function SectionCard({ titleId, title, children }: SectionCardProps) {
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={titleId}>
      <Title order={2} size="h3" id={titleId} mb="md">
        {title}
      </Title>
      {children}
    </Card>
  );
}
