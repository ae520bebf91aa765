import { Anchor, Card, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import type { Device } from "@repo/validators";
import { formatDate } from "../../lib/format-date";
import { DeviceActions } from "./device-actions";
import { ComplianceBadge, ComplianceNotes, DeviceStatusBadge, WarrantyDate } from "./device-badges";
import { DeviceFlagBadges } from "./device-flag-badges";
import { LastSeen } from "./last-seen";

interface DeviceCardsProps {
  devices: Device[];
  adminMode: boolean;
  onEdit(device: Device): void;
  onDelete(device: Device): void;
  onOpen(device: Device): void;
}

/** The device list on a phone: one card per device instead of a wide table. */
export function DeviceCards({ devices, adminMode, onEdit, onDelete, onOpen }: DeviceCardsProps) {
  return (
    <Stack gap="sm">
      {devices.map((device) => (
        <Card key={device.id} withBorder radius="md" padding="sm" data-testid="device-card">
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <div style={{ minWidth: 0 }}>
              <Anchor component="button" type="button" fw={600} ta="left" onClick={() => onOpen(device)}>
                {device.assignedUser ?? "Unassigned"}
              </Anchor>
              <Text size="sm" c="dimmed">
                {[device.model, device.platform].filter(Boolean).join(" · ") || device.deviceType || "Device"}
              </Text>
              {adminMode && (
                <Text size="xs" c="dimmed">
                  {device.clientName}
                </Text>
              )}
            </div>
            <Stack gap={4} align="flex-end">
              <DeviceStatusBadge status={device.status} />
              <ComplianceBadge device={device} />
              <DeviceFlagBadges device={device} />
            </Stack>
          </Group>
          <ComplianceNotes device={device} />
          <SimpleGrid cols={2} spacing={4} mt="xs">
            <Text size="xs" c="dimmed">
              Serial Number
            </Text>
            <Text size="xs" ff="monospace">
              {device.serialNumber}
            </Text>
            <Text size="xs" c="dimmed">
              Warranty Expiry
            </Text>
            <div>
              <WarrantyDate device={device} />
            </div>
            <Text size="xs" c="dimmed">
              Last Check-in
            </Text>
            <Text size="xs">{formatDate(device.lastCheckIn)}</Text>
            <Text size="xs" c="dimmed">
              Last seen
            </Text>
            <Text size="xs">
              <LastSeen device={device} />
            </Text>
          </SimpleGrid>
          <Group gap="xs" mt="sm" justify="flex-end">
            <DeviceActions device={device} adminMode={adminMode} onEdit={onEdit} onDelete={onDelete} />
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
