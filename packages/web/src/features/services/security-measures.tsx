import { Card, SimpleGrid, Title } from "@mantine/core";
import { CheckList } from "../site/check-list";

interface SecurityMeasuresProps {
  measures: { identity: readonly string[]; device: readonly string[] };
}

/** Security Measures Covered: the Identity Protection and Device Security lists. */
export function SecurityMeasures({ measures }: SecurityMeasuresProps) {
  const groups = [
    { title: "Identity Protection", items: measures.identity },
    { title: "Device Security", items: measures.device },
  ];
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      {groups.map((group) => (
        <Card key={group.title} withBorder radius="md" padding="xl">
          <Title order={3} mb="md">
            {group.title}
          </Title>
          <CheckList items={group.items} />
        </Card>
      ))}
    </SimpleGrid>
  );
}
