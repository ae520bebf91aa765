import { Anchor, Card, Stack, Text, Title } from "@mantine/core";
import { CONTACT_PAGE } from "@repo/content";
import { ConsultationButton } from "../site/consultation-button";
import { useSite } from "../site/site-content";

/** The side card of /contact: how to reach the provider and the Book a Consultation link. */
export function ContactDetails() {
  const site = useSite();
  return (
    <Card withBorder radius="md" padding="xl" bg="gray.0">
      <Stack gap="md">
        <Title order={2} size="h3">
          Talk to an engineer
        </Title>
        <Text>
          Prefer email, or ready to talk it through? Book a consultation and we'll find a time that suits you.
        </Text>
        <div>
          <Text fw={700} size="sm">
            Email
          </Text>
          <Anchor href={`mailto:${site.email}`}>{site.email}</Anchor>
        </div>
        <div>
          <Text fw={700} size="sm">
            Location
          </Text>
          <Text>{site.location}</Text>
        </div>
        <ConsultationButton origin={CONTACT_PAGE.contactRef} />
      </Stack>
    </Card>
  );
}
