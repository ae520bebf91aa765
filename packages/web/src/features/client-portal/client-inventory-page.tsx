import { Container, Text, Title } from "@mantine/core";

export function ClientInventoryPage() {
  return (
    <Container size="xl" py="xl">
      <Title order={1}>Device Inventory</Title>
      <Text c="dimmed" mt="xs">
        Every device your company has with us: who uses it, its status, compliance and warranty.
      </Text>
    </Container>
  );
}
