import { Button, Checkbox, Group, Select, SimpleGrid, Stack, Textarea, TextInput } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import {
  DEVICE_PLATFORMS,
  DEVICE_STATUS_LABELS,
  DEVICE_STATUSES,
  DEVICE_TYPES,
  deviceFieldsSchema,
  type Device,
  type DeviceFieldsInput,
} from "@repo/validators";
import { type ReactNode, useEffect } from "react";
import { ChangedElsewhereNotice } from "../../components/changed-elsewhere-notice";
import { useVersionedEdits } from "../../lib/use-versioned-edits";
import { devicePayload, deviceFormValues, type DeviceFormValues } from "./device-form-values";

/** The form's labels, for the "Changed elsewhere" notice's list of the person's changes. */
const FIELD_LABELS: Record<keyof DeviceFormValues, string> = {
  serialNumber: "Serial Number",
  assetTag: "Asset Tag",
  assignedUser: "Assigned User",
  email: "Email",
  deviceType: "Device Type",
  platform: "Platform",
  model: "Model",
  status: "Status",
  location: "Location",
  purchaseDate: "Purchase Date",
  warrantyExpiry: "Warranty Expiry",
  lastCheckIn: "Last Check-in",
  encryptionEnabled: "Encryption enabled",
  notes: "Notes",
};

const validatePayload = schemaResolver(deviceFieldsSchema, { sync: true });

interface DeviceFormProps {
  initialValues: DeviceFormValues;
  /**
   * The device being edited, if any (keeps its last check-in time, see devicePayload). A newer one (saved
   * elsewhere: the current device of a refused save) resets the form, setting the person's changes aside.
   */
  original?: Device;
  submitLabel: string;
  submitting: boolean;
  onSubmit(payload: DeviceFieldsInput): void;
  onCancel(): void;
  /** Fields placed before the device's own (the company, when staff add a device). */
  leading?: ReactNode;
  /** The server's refusal of the serial number; a new object each time, so a repeated refusal shows again. */
  serialConflict?: { text: string } | null;
}

/** The device fields of docs/product-spec.md §3; serial number required, email valid or empty (section 5). */
export function DeviceForm({
  initialValues,
  original,
  submitLabel,
  submitting,
  onSubmit,
  onCancel,
  leading,
  serialConflict,
}: DeviceFormProps) {
  const form = useForm<DeviceFormValues>({
    mode: "controlled",
    initialValues,
    // The rules are the API's own schema, applied to what will be sent (empty values removed).
    validate: (values) => validatePayload(devicePayload(values, original)),
  });
  const versioned = useVersionedEdits<Device, DeviceFormValues>(form, original, deviceFormValues);
  const { setFieldError } = form;
  // Shown under the field until the number changes (the form clears a field's error on change).
  useEffect(() => {
    if (serialConflict) setFieldError("serialNumber", serialConflict.text);
  }, [serialConflict, setFieldError]);

  return (
    <form onSubmit={form.onSubmit((values) => onSubmit(devicePayload(values, original)))} noValidate>
      <Stack gap="sm">
        {versioned.setAside && (
          <ChangedElsewhereNotice
            what="device"
            changes={(Object.entries(versioned.setAside) as [keyof DeviceFormValues, unknown][]).map(
              ([key, value]) => ({
                label: FIELD_LABELS[key],
                value: typeof value === "boolean" ? (value ? "Yes" : "No") : String(value) || "(empty)",
              }),
            )}
            onReapply={versioned.reapply}
            onDismiss={versioned.dismiss}
          />
        )}
        {leading}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="Serial Number" withAsterisk {...form.getInputProps("serialNumber")} />
          <TextInput label="Asset Tag" {...form.getInputProps("assetTag")} />
          <TextInput label="Assigned User" {...form.getInputProps("assignedUser")} />
          <TextInput label="Email" type="email" {...form.getInputProps("email")} />
          <Select
            label="Device Type"
            placeholder="Choose a type"
            data={DEVICE_TYPES.map((type) => ({ value: type, label: type[0]!.toUpperCase() + type.slice(1) }))}
            clearable
            {...form.getInputProps("deviceType")}
            value={form.values.deviceType || null}
            onChange={(value) => form.setFieldValue("deviceType", (value ?? "") as DeviceFormValues["deviceType"])}
          />
          <Select
            label="Platform"
            placeholder="Choose a platform"
            data={[...DEVICE_PLATFORMS]}
            clearable
            {...form.getInputProps("platform")}
            value={form.values.platform || null}
            onChange={(value) => form.setFieldValue("platform", (value ?? "") as DeviceFormValues["platform"])}
          />
          <TextInput label="Model" {...form.getInputProps("model")} />
          <Select
            label="Status"
            data={DEVICE_STATUSES.map((status) => ({ value: status, label: DEVICE_STATUS_LABELS[status] }))}
            allowDeselect={false}
            {...form.getInputProps("status")}
          />
          <TextInput label="Location" {...form.getInputProps("location")} />
          <TextInput label="Purchase Date" type="date" {...form.getInputProps("purchaseDate")} />
          <TextInput label="Warranty Expiry" type="date" {...form.getInputProps("warrantyExpiry")} />
          <TextInput label="Last Check-in" type="date" {...form.getInputProps("lastCheckIn")} />
        </SimpleGrid>
        <Checkbox label="Encryption enabled" {...form.getInputProps("encryptionEnabled", { type: "checkbox" })} />
        <Textarea label="Notes" autosize minRows={2} maxRows={6} {...form.getInputProps("notes")} />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onCancel} disabled={submitting}>
            Cancel
          </Button>
          <Button type="submit" loading={submitting} disabled={versioned.setAside !== null}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
