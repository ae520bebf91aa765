import { Container, Group, Stack, Text, Title } from "@mantine/core";
import { ButtonLink } from "../../components/router-links";
import { DeviceInventory } from "./device-inventory";

interface DeviceInventoryScreenProps {
  description: string;
  /** The portal's dashboard, which the "Back to Dashboard" link returns to. */
  dashboard: "/client-dashboard" | "/dashboard";
  adminMode: boolean;
}

/** The Device Inventory page of either portal (docs/product-spec.md §2): heading, back link, the inventory. */
export function DeviceInventoryScreen({ description, dashboard, adminMode }: DeviceInventoryScreenProps) {
  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <div>
            <Title order={1}>Device Inventory</Title>
            <Text c="dimmed" mt="xs">
              {description}
            </Text>
          </div>
          <ButtonLink to={dashboard} variant="default">
            Back to Dashboard
          </ButtonLink>
        </Group>
        <DeviceInventory adminMode={adminMode} />
      </Stack>
    </Container>
  );
}
