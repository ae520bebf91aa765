import { Modal } from "@mantine/core";
import type { Device } from "@repo/validators";
import { useState } from "react";
import { staleCurrent } from "../../lib/use-versioned-edits";
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
  // The device as saved elsewhere since the dialog opened (a refused save's current one), if so.
  const [latest, setLatest] = useState<Device | null>(null);
  const update = trpc.devices.update.useMutation({
    ...callbacks,
    onError: (error) => {
      const current = staleCurrent<Device>(error);
      if (current) setLatest(current);
      return callbacks.onError(error);
    },
  });
  const shown = latest && device && latest.id === device.id && latest.version > device.version ? latest : device;

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
          original={shown ?? device}
          submitLabel="Save Changes"
          submitting={update.isPending}
          serialConflict={serialConflict}
          onSubmit={(payload) => update.mutate({ ...payload, id: device.id, version: (shown ?? device).version })}
          onCancel={close}
        />
      )}
    </Modal>
  );
}
