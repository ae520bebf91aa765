import { Modal } from "@mantine/core";
import { trpc } from "../../lib/trpc";
import type { DeviceDialogProps } from "./device-dialog-props";
import { DeviceForm } from "./device-form";
import { deviceFormValues } from "./device-form-values";
import { useDeviceCall } from "./use-device-call";

export function DeviceEditModal({ device, onClose }: DeviceDialogProps) {
  const update = trpc.devices.update.useMutation(
    useDeviceCall(onClose, () => ({ title: "Device updated successfully", message: "" }), "Failed to update device"),
  );

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
