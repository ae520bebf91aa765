import { FormActions } from "../../components/form-actions";
import { Modal, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import type { Device } from "@repo/validators";
import { serverMessage } from "../../lib/server-message";
import { trpc } from "../../lib/trpc";

interface DeviceDeleteModalProps {
  device: Device | null;
  onClose(): void;
}

/** Admin mode only: a confirmation before a device is removed for good. */
export function DeviceDeleteModal({ device, onClose }: DeviceDeleteModalProps) {
  const utils = trpc.useUtils();
  const remove = trpc.devices.delete.useMutation({
    onSuccess: async () => {
      notifications.show({ title: "Device deleted successfully", message: "", color: "green" });
      onClose();
      await utils.devices.invalidate();
    },
    onError: (error) => {
      notifications.show({ title: "Error", message: serverMessage(error, "Failed to delete device"), color: "red" });
    },
  });

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
