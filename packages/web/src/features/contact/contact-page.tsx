import { Alert, Container, Grid, Text, Title } from "@mantine/core";
import { CONTACT_PAGE } from "@repo/validators/site";
import { useSearch } from "@tanstack/react-router";
import { useState } from "react";
import { ContactDetails } from "./contact-details";
import { ContactForm } from "./contact-form";
import { ContactThankYou } from "./contact-thank-you";

/** /contact (spec section 2): reads ?service= (preselects a service) and ?ref= (the enquiry's origin). */
export function ContactPage() {
  const { service, ref } = useSearch({ from: "/_site/contact" });
  const [sent, setSent] = useState(false);

  return (
    <Container size="lg" py={{ base: 48, md: 80 }}>
      <Title order={1} fz={{ base: 34, md: 46 }}>
        {CONTACT_PAGE.title}
      </Title>
      <Text size="xl" c="dimmed" mt="sm" maw={720}>
        {CONTACT_PAGE.subtitle}
      </Text>
      <Alert variant="light" mt="lg" maw={720}>
        {CONTACT_PAGE.notice}
      </Alert>
      <Grid gap={40} mt="xl">
        <Grid.Col span={{ base: 12, md: 7 }}>
          {sent ? (
            <ContactThankYou onSendAnother={() => setSent(false)} />
          ) : (
            <ContactForm key={service ?? ""} service={service} origin={ref} onSent={() => setSent(true)} />
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <ContactDetails />
        </Grid.Col>
      </Grid>
    </Container>
  );
}
