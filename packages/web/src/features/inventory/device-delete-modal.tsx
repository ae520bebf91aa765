import { Modal, Text } from "@mantine/core";
import { FormActions } from "../../components/form-actions";
import { trpc } from "../../lib/trpc";
import type { DeviceDialogProps } from "./device-dialog-props";
import { useDeviceCall } from "./use-device-call";

/** Admin mode only: a confirmation before a device is removed for good. */
export function DeviceDeleteModal({ device, onClose }: DeviceDialogProps) {
  const remove = trpc.devices.delete.useMutation(
    useDeviceCall(onClose, () => ({ title: "Device deleted successfully", message: "" }), "Failed to delete device"),
  );

  return (
    <Modal opened={device !== null} onClose={onClose} title="Delete Device">
      <Text>
        Delete the device <strong>{device?.serialNumber}</strong>
        {device?.assignedUser ? ` assigned to ${device.assignedUser}` : ""}? This action cannot be undone.
      </Text>
      <FormActions
        onCancel={onClose}
        pending={remove.isPending}
        label="Delete Device"
        onConfirm={() => device && remove.mutate({ id: device.id })}
        color="red"
        mt="lg"
      />
    </Modal>
  );
}
