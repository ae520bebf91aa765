import { Container, Text, Title } from "@mantine/core";

export function StaffInventoryPage() {
  return (
    <Container size="xl" py="xl">
      <Title order={1}>Device Inventory</Title>
      <Text c="dimmed" mt="xs">
        Every client's devices, with admin mode on: edit, delete, export and import.
      </Text>
    </Container>
  );
}
