import { Modal } from "@mantine/core";
import { trpc } from "../../lib/trpc";
import type { DeviceDialogProps } from "./device-dialog-props";
import { DeviceForm } from "./device-form";
import { deviceFormValues } from "./device-form-values";
import { useDeviceFormCall } from "./use-device-call";

export function DeviceEditModal({ device, onClose }: DeviceDialogProps) {
  const { close, serialConflict, callbacks } = useDeviceFormCall(
    onClose,
    () => ({ title: "Device updated successfully", message: "" }),
    "Failed to update device",
  );
  const update = trpc.devices.update.useMutation(callbacks);

  return (
    <Modal
      opened={device !== null}
      onClose={close}
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
          serialConflict={serialConflict}
          onSubmit={(payload) => update.mutate({ ...payload, id: device.id, version: device.version })}
          onCancel={close}
        />
      )}
    </Modal>
  );
}
