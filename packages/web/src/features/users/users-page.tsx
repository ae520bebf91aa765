import { Container, Title } from "@mantine/core";

export function UsersPage() {
  return (
    <Container size="xl" py="xl">
      <Title order={1}>Users</Title>
    </Container>
  );
}
