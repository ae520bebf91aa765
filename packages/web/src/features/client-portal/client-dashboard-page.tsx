import { Container, Text, Title } from "@mantine/core";
import { readStoredUser } from "../../lib/auth-storage";

export function ClientDashboardPage() {
  const user = readStoredUser();
  return (
    <Container size="lg" py="xl">
      <Title order={1}>Welcome, {user?.name}</Title>
      <Text c="dimmed" mt="xs">
        Raise and track support tickets, chat with your AI assistant and see your company's devices.
      </Text>
    </Container>
  );
}
