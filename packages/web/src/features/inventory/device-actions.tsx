import { Button } from "@mantine/core";
import type { Device } from "@repo/validators";

interface DeviceActionsProps {
  device: Device;
  adminMode: boolean;
  onEdit(device: Device): void;
  onDelete(device: Device): void;
}

/** A device's Edit button, and Delete in admin mode only (docs/product-spec.md §6); the caller lays them out. */
export function DeviceActions({ device, adminMode, onEdit, onDelete }: DeviceActionsProps) {
  return (
    <>
      <Button size="xs" variant="light" onClick={() => onEdit(device)} aria-label={`Edit ${device.serialNumber}`}>
        Edit
      </Button>
      {adminMode && (
        <Button
          size="xs"
          variant="light"
          color="red"
          onClick={() => onDelete(device)}
          aria-label={`Delete ${device.serialNumber}`}
        >
          Delete
        </Button>
      )}
    </>
  );
}
