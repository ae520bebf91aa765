import type { DeviceSort } from "@repo/validators";

/** Column headings of the inventory, also the sort options. */
export const DEVICE_COLUMN_LABELS: Record<DeviceSort, string> = {
  assignedUser: "Assigned User",
  email: "Email",
  deviceType: "Type",
  platform: "Platform",
  model: "Model",
  serialNumber: "Serial Number",
  assetTag: "Asset Tag",
  status: "Status",
  location: "Location",
  purchaseDate: "Purchase Date",
  warrantyExpiry: "Warranty Expiry",
  lastCheckIn: "Last Check-in",
};
