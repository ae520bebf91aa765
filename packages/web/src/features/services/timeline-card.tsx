import { Card, Divider, Text, Timeline, Title } from "@mantine/core";
import type { ServiceContent } from "@repo/content";
import { CheckList } from "../site/check-list";

type ServiceTimeline = NonNullable<ServiceContent["timeline"]>;

/** The timeline card of a service page, with the package's scope limits under it. */
export function TimelineCard({ timeline, scope }: { timeline: ServiceTimeline; scope: readonly string[] }) {
  return (
    <Card withBorder radius="md" padding="xl" shadow="xs">
      <Title order={3} mb="lg">
        {timeline.title}
      </Title>
      <Timeline active={timeline.entries.length} bulletSize={18} lineWidth={2}>
        {timeline.entries.map((entry) => (
          <Timeline.Item key={entry.when} title={entry.when}>
            <Text c="dimmed" size="sm">
              {entry.what}
            </Text>
          </Timeline.Item>
        ))}
      </Timeline>
      {timeline.note ? (
        <Text size="sm" mt="lg" fw={500}>
          {timeline.note}
        </Text>
      ) : null}
      {scope.length > 0 ? (
        <>
          <Divider my="lg" />
          <Text fw={700} mb="sm">
            Package scope
          </Text>
          <CheckList items={scope} size="sm" />
        </>
      ) : null}
    </Card>
  );
}
