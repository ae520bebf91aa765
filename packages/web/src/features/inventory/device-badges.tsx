import { Badge, Text } from "@mantine/core";
import { DEVICE_STATUS_LABELS, type Device, type DeviceStatus } from "@repo/validators";

const STATUS_COLORS: Record<DeviceStatus, string> = {
  IN_USE: "green",
  SPARE: "blue",
  RETIRED: "gray",
  IN_REPAIR: "orange",
};

/** A date from the API (YYYY-MM-DD or a timestamp) in the reader's locale; a bare date is never shifted a day. */
export function formatDate(value: string | null): string {
  if (!value) return "—";
  return new Date(value.length === 10 ? `${value}T12:00:00` : value).toLocaleDateString();
}

export function DeviceStatusBadge({ status }: { status: DeviceStatus }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" tt="none" miw="max-content">
      {DEVICE_STATUS_LABELS[status]}
    </Badge>
  );
}

/** complianceOk from the server: compliant, or "At Risk" (spec section 4). */
export function ComplianceBadge({ compliant }: { compliant: boolean }) {
  return (
    <Badge color={compliant ? "green" : "red"} variant="light" tt="none" miw="max-content">
      {compliant ? "Compliant" : "At Risk"}
    </Badge>
  );
}

/** The warranty date, flagged when it ends within 30 days or has ended (spec section 9). */
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
