import { Container, Group, Stack, Text, Title } from "@mantine/core";
import { ButtonLink } from "../../components/router-links";
import { DeviceInventory } from "../inventory/device-inventory";

export function ClientInventoryPage() {
  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <div>
            <Title order={1}>Device Inventory</Title>
            <Text c="dimmed" mt="xs">
              Every device your company has with us: who uses it, its status, compliance and warranty.
            </Text>
          </div>
          <ButtonLink to="/client-dashboard" variant="default">
            Back to Dashboard
          </ButtonLink>
        </Group>
        <DeviceInventory adminMode={false} />
      </Stack>
    </Container>
  );
}
