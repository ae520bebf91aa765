import { Card, SimpleGrid, ThemeIcon } from "@mantine/core";
import type { ServiceStep } from "@repo/content";
import { HeadingWithText } from "../../components/heading-with-text";

/** The numbered steps of a fixed-scope package. */
export function HowItWorks({ steps }: { steps: readonly ServiceStep[] }) {
  return (
    <SimpleGrid
      cols={{ base: 1, md: steps.length }}
      spacing="lg"
      component="ol"
      style={{ listStyle: "none", padding: 0, margin: 0 }}
    >
      {steps.map((step, index) => (
        <Card key={step.title} component="li" withBorder radius="md" padding="lg">
          <ThemeIcon size={36} radius="xl" mb="sm" aria-hidden>
            {index + 1}
          </ThemeIcon>
          <HeadingWithText order={3} size="h4" title={step.title} text={step.text} />
        </Card>
      ))}
    </SimpleGrid>
  );
}
