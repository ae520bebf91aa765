import { Alert, Container, Grid } from "@mantine/core";
import { CONTACT_PAGE } from "@repo/content";
import { PageHeading } from "../site/page-heading";
import { ContactDetails } from "./contact-details";
import ContactPanel from "./contact-panel.island";

/** /contact (docs/product-spec.md §2): the enquiry form, which reads ?service= and ?ref=, and how to reach us. */
export function ContactPage() {
  return (
    <Container size="lg" py={{ base: 48, md: 80 }}>
      <PageHeading title={CONTACT_PAGE.title} subtitle={CONTACT_PAGE.subtitle} maw={720} />
      <Alert variant="light" mt="lg" maw={720}>
        {CONTACT_PAGE.notice}
      </Alert>
      <Grid gap={40} mt="xl">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <ContactPanel />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <ContactDetails />
        </Grid.Col>
      </Grid>
    </Container>
  );
}
