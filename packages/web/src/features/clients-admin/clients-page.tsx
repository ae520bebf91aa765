import { Container, Title } from "@mantine/core";

export function ClientsPage() {
  return (
    <Container size="xl" py="xl">
      <Title order={1}>Clients</Title>
    </Container>
  );
}
