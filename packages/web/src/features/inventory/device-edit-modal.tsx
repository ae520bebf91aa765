import { Modal } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import type { Device } from "@repo/validators";
import { serverMessage } from "../../lib/server-message";
import { trpc } from "../../lib/trpc";
import { DeviceForm } from "./device-form";
import { deviceFormValues } from "./device-form-values";

interface DeviceEditModalProps {
  device: Device | null;
  onClose(): void;
}

export function DeviceEditModal({ device, onClose }: DeviceEditModalProps) {
  const utils = trpc.useUtils();
  const update = trpc.devices.update.useMutation({
    onSuccess: async () => {
      notifications.show({ title: "Device updated successfully", message: "", color: "green" });
      onClose();
      await utils.devices.invalidate();
    },
    onError: (error) => {
      notifications.show({ title: "Error", message: serverMessage(error, "Failed to update device"), color: "red" });
    },
  });

  return (
    <Modal
      opened={device !== null}
      onClose={onClose}
      title={device ? `Edit Device ${device.serialNumber}` : "Edit Device"}
      size="lg"
    >
      {device && (
        <DeviceForm
          key={device.id}
          initialValues={deviceFormValues(device)}
          original={device}
          submitLabel="Save Changes"
          submitting={update.isPending}
          onSubmit={(payload) => update.mutate({ ...payload, id: device.id })}
          onCancel={onClose}
        />
      )}
    </Modal>
  );
}
