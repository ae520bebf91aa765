// The device form's values and the payload they become (docs/product-spec.md §5): date fields are sent as dates,
// empty values are removed before saving (the server then stores them as empty).
import type { Device, DeviceFieldsInput, DevicePlatform, DeviceStatus, DeviceType } from "@repo/validators";

/** Every field as the inputs hold it: text, "" for nothing chosen, a checkbox for encryption. */
export interface DeviceFormValues {
  assignedUser: string;
  email: string;
  deviceType: DeviceType | "";
  platform: DevicePlatform | "";
  model: string;
  serialNumber: string;
  assetTag: string;
  status: DeviceStatus;
  location: string;
  /** YYYY-MM-DD, as a date input holds it */
  purchaseDate: string;
  warrantyExpiry: string;
  lastCheckIn: string;
  encryptionEnabled: boolean;
  notes: string;
}

export const EMPTY_DEVICE_FORM: DeviceFormValues = {
  assignedUser: "",
  email: "",
  deviceType: "",
  platform: "",
  model: "",
  serialNumber: "",
  assetTag: "",
  status: "IN_USE",
  location: "",
  purchaseDate: "",
  warrantyExpiry: "",
  lastCheckIn: "",
  encryptionEnabled: false,
  notes: "",
};

const dateOnly = (value: string | null) => (value ? value.slice(0, 10) : "");

export function deviceFormValues(device: Device): DeviceFormValues {
  return {
    assignedUser: device.assignedUser ?? "",
    email: device.email ?? "",
    deviceType: device.deviceType ?? "",
    platform: device.platform ?? "",
    model: device.model ?? "",
    serialNumber: device.serialNumber,
    assetTag: device.assetTag ?? "",
    status: device.status,
    location: device.location ?? "",
    purchaseDate: dateOnly(device.purchaseDate),
    warrantyExpiry: dateOnly(device.warrantyExpiry),
    lastCheckIn: dateOnly(device.lastCheckIn),
    encryptionEnabled: device.encryptionEnabled,
    notes: device.notes ?? "",
  };
}

/**
 * The payload of PUT/POST: trimmed, empty values left out. `original` keeps the last check-in's time of
 * day when the user did not change its date (the input shows the date only).
 */
export function devicePayload(values: DeviceFormValues, original?: Device): DeviceFieldsInput {
  const payload: Record<string, unknown> = { encryptionEnabled: values.encryptionEnabled };
  for (const [key, raw] of Object.entries(values)) {
    if (typeof raw !== "string") continue;
    const value = raw.trim();
    if (value !== "") payload[key] = value;
  }
  if (original?.lastCheckIn && payload.lastCheckIn === dateOnly(original.lastCheckIn)) {
    payload.lastCheckIn = original.lastCheckIn;
  }
  return payload as DeviceFieldsInput;
}
