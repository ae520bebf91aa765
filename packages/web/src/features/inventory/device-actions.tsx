import type { Device } from "@repo/validators";
import { ItemActionButton } from "../../components/item-action-button";

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
      <ItemActionButton action="Edit" item={device.serialNumber} onClick={() => onEdit(device)} />
      {adminMode && (
        <ItemActionButton action="Delete" item={device.serialNumber} onClick={() => onDelete(device)} color="red" />
      )}
    </>
  );
}
