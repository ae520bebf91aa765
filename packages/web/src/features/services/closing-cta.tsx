import { Paper, Text, Title } from "@mantine/core";
import type { ServicePageView } from "@repo/content";
import { BRAND_SURFACE } from "../../app/accessible-colors";
import QuoteButton from "./quote-button.island";

/** The brand colour, dark enough for white text whatever colour the provider chose (accessible-colors.ts). */
const SURFACE = `var(${BRAND_SURFACE})`;

/** The call to action that closes a service page. */
export function ClosingCta({ service }: { service: ServicePageView }) {
  return (
    <Paper radius="lg" p={{ base: "xl", md: 48 }} bg={SURFACE} c="white" ta="center">
      <Title order={2} c="white">
        {service.cta.title}
      </Title>
      <Text size="lg" mt="sm" mb="xl" c="blue.0" maw={640} mx="auto">
        {service.cta.text}
      </Text>
      <QuoteButton service={service.quote} size="lg" variant="white" c={SURFACE} />
    </Paper>
  );
}
