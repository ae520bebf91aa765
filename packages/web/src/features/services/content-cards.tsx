import { Card, SimpleGrid, Text, Title } from "@mantine/core";
import type { ContentCard } from "@repo/content";
import { CheckList } from "../site/check-list";

/** The content cards of Device Management and Email & Collaboration. */
export function ContentCards({ cards }: { cards: readonly ContentCard[] }) {
  return (
    <SimpleGrid cols={{ base: 1, md: cards.length > 1 ? 2 : 1 }} spacing="lg">
      {cards.map((card) => (
        <Card key={card.title} withBorder radius="md" padding="xl" shadow="xs">
          <Title order={3}>{card.title}</Title>
          <Text c="dimmed" mt="xs" mb="md">
            {card.text}
          </Text>
          <CheckList items={card.items} />
        </Card>
      ))}
    </SimpleGrid>
  );
}
