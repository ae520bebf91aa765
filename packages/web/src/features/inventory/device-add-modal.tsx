import { Modal } from "@mantine/core";
import { useState } from "react";
import { trpc } from "../../lib/trpc";
import { CompanySelect } from "./company-select";
import type { DeviceIntakeDialogProps } from "./device-dialog-props";
import { DeviceForm } from "./device-form";
import { EMPTY_DEVICE_FORM } from "./device-form-values";
import { useDeviceFormCall } from "./use-device-call";

export function DeviceAddModal({ opened, onClose, companies }: DeviceIntakeDialogProps) {
  const [clientId, setClientId] = useState<string | null>(null);
  const [companyError, setCompanyError] = useState<string | null>(null);
  const { close, serialConflict, callbacks } = useDeviceFormCall(
    onClose,
    (device: { serialNumber: string }) => ({
      title: "Device added",
      message: `${device.serialNumber} is now in the inventory.`,
    }),
    "Failed to add device",
  );
  const create = trpc.devices.create.useMutation(callbacks);

  return (
    <Modal opened={opened} onClose={close} title="Add Device" size="lg">
      {opened && (
        <DeviceForm
          initialValues={EMPTY_DEVICE_FORM}
          submitLabel="Add Device"
          submitting={create.isPending}
          serialConflict={serialConflict}
          onCancel={close}
          onSubmit={(payload) => {
            if (companies && !clientId) return setCompanyError("Please select a client");
            create.mutate({ ...payload, ...(clientId ? { clientId } : {}) });
          }}
          leading={
            companies && (
              <CompanySelect
                companies={companies}
                value={clientId}
                onChange={(value) => {
                  setClientId(value);
                  setCompanyError(null);
                }}
                error={companyError}
              />
            )
          }
        />
      )}
    </Modal>
  );
}
