import { Modal, Select } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { serverMessage } from "../../lib/server-message";
import { trpc } from "../../lib/trpc";
import { DeviceForm } from "./device-form";
import { EMPTY_DEVICE_FORM } from "./device-form-values";
import type { Company } from "./use-companies";

interface DeviceAddModalProps {
  opened: boolean;
  onClose(): void;
  /** Staff choose the company; a client always adds to its own (the server decides, not this list). */
  companies?: Company[];
}

export function DeviceAddModal({ opened, onClose, companies }: DeviceAddModalProps) {
  const utils = trpc.useUtils();
  const [clientId, setClientId] = useState<string | null>(null);
  const [companyError, setCompanyError] = useState<string | null>(null);
  const create = trpc.devices.create.useMutation({
    onSuccess: async (device) => {
      notifications.show({
        title: "Device added",
        message: `${device.serialNumber} is now in the inventory.`,
        color: "green",
      });
      onClose();
      await utils.devices.invalidate();
    },
    onError: (error) => {
      notifications.show({ title: "Error", message: serverMessage(error, "Failed to add device"), color: "red" });
    },
  });

  return (
    <Modal opened={opened} onClose={onClose} title="Add Device" size="lg">
      {opened && (
        <DeviceForm
          initialValues={EMPTY_DEVICE_FORM}
          submitLabel="Add Device"
          submitting={create.isPending}
          onCancel={onClose}
          onSubmit={(payload) => {
            if (companies && !clientId) return setCompanyError("Please select a client");
            create.mutate({ ...payload, ...(clientId ? { clientId } : {}) });
          }}
          leading={
            companies && (
              <Select
                label="Company"
                placeholder="Choose the company"
                withAsterisk
                data={companies.map((company) => ({ value: company.id, label: company.name }))}
                value={clientId}
                onChange={(value) => {
                  setClientId(value);
                  setCompanyError(null);
                }}
                error={companyError}
                searchable
              />
            )
          }
        />
      )}
    </Modal>
  );
}
