import { Container, Text, Title } from "@mantine/core";

export function StaffDashboardPage() {
  return (
    <Container size="xl" py="xl">
      <Title order={1}>Dashboard</Title>
      <Text c="dimmed" mt="xs">
        SLA metrics and every client's tickets, with search and filters.
      </Text>
    </Container>
  );
}
