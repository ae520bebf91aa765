import { Badge, Text } from "@mantine/core";
import { DEVICE_STATUS_LABELS, type Device, type DeviceStatus } from "@repo/validators";
import { formatDate } from "../../lib/format-date";

const STATUS_COLORS: Record<DeviceStatus, string> = {
  IN_USE: "green",
  SPARE: "blue",
  RETIRED: "gray",
  IN_REPAIR: "orange",
};

export function DeviceStatusBadge({ status }: { status: DeviceStatus }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" tt="none" miw="max-content">
      {DEVICE_STATUS_LABELS[status]}
    </Badge>
  );
}

/** complianceOk from the server: compliant, or "At Risk" (docs/product-spec.md §4). */
export function ComplianceBadge({ compliant }: { compliant: boolean }) {
  return (
    <Badge color={compliant ? "green" : "red"} variant="light" tt="none" miw="max-content">
      {compliant ? "Compliant" : "At Risk"}
    </Badge>
  );
}

/** The warranty date, flagged when it ends within 30 days or has ended (docs/product-spec.md §9). */
export function WarrantyDate({ device }: { device: Device }) {
  const expired = device.warrantyExpiry !== null && device.warrantyExpiry < new Date().toISOString().slice(0, 10);
  return (
    <>
      <Text
        size="sm"
        c={device.warrantyExpiring ? "orange.8" : undefined}
        fw={device.warrantyExpiring ? 600 : undefined}
      >
        {formatDate(device.warrantyExpiry)}
      </Text>
      {device.warrantyExpiring && (
        <Badge color="orange" variant="light" size="xs" tt="none" miw="max-content">
          {expired ? "Expired" : "Expiring soon"}
        </Badge>
      )}
    </>
  );
}
