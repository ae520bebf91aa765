import { Container, Title } from "@mantine/core";

export function EnquiriesPage() {
  return (
    <Container size="xl" py="xl">
      <Title order={1}>Enquiries</Title>
    </Container>
  );
}
