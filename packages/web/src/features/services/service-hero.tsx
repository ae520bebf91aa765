import { Badge, Box, Container, Group, Text, Title } from "@mantine/core";
import type { ServiceContent } from "@repo/content";
import { ButtonLink } from "../../components/router-links";
import QuoteButton from "./quote-button.island";

/** The opening block of a service page: the duration badge, the headline, the summary and the quote button. */
export function ServiceHero({ service }: { service: ServiceContent }) {
  return (
    <Box component="section" py={{ base: 48, md: 80 }} bg="blue.0">
      <Container size="lg">
        {service.badge ? (
          <Badge size="lg" variant="filled" mb="md">
            {service.badge}
          </Badge>
        ) : null}
        <Title order={1} maw={820} fz={{ base: 34, md: 48 }} lh={1.15}>
          {service.headline}
        </Title>
        <Text size="xl" c="dimmed" mt="md" maw={760}>
          {service.summary}
        </Text>
        <Group mt="xl">
          <QuoteButton service={service.slug} size="lg" />
          {service.badge ? (
            <ButtonLink to="/pricing" variant="default" size="lg">
              See all packages
            </ButtonLink>
          ) : null}
        </Group>
      </Container>
    </Box>
  );
}
