import { Container, Group, Stack, Text, Title } from "@mantine/core";
import { ButtonLink } from "../../components/router-links";
import { DeviceInventory } from "../inventory/device-inventory";

/** /inventory: every client's devices with admin mode on (docs/product-spec.md §2): edit, delete, add, export, import. */
export function StaffInventoryPage() {
  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <div>
            <Title order={1}>Device Inventory</Title>
            <Text c="dimmed" mt="xs">
              Every client's devices: status, compliance and warranty.
            </Text>
          </div>
          <ButtonLink to="/dashboard" variant="default">
            Back to Dashboard
          </ButtonLink>
        </Group>
        <DeviceInventory adminMode />
      </Stack>
    </Container>
  );
}
