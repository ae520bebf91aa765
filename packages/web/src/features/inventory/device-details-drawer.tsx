import { Button, Drawer, Group, Stack, Table, Text, Title } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { DEVICE_STATUS_LABELS, type Device } from "@repo/validators";
import { formatDate, formatExact } from "../../lib/format-date";
import { toastCallFailure, toastSuccess } from "../../lib/toasts";
import { trpc } from "../../lib/trpc";
import { ComplianceBadge, DeviceStatusBadge } from "./device-badges";
import { DEVICE_COLUMN_LABELS } from "./device-columns";
import { reportedFactLines } from "./device-facts";
import { fieldSourceLabel } from "./device-field-sources";
import { DeviceFlagBadges } from "./device-flag-badges";
import { DeviceHistoryTable } from "./device-history-table";
import { LastSeen } from "./last-seen";

interface DeviceDetailsDrawerProps {
  device: Device | null;
  /** Staff may mark a device reviewed; a client only reads. */
  adminMode: boolean;
  onClose(): void;
  /** The device as the server answered after a change here (Mark reviewed). */
  onChanged(device: Device): void;
}

/** The typed fields, each with its value in words and where it came from. */
const FIELDS: { field: keyof Device; label: string; value(device: Device): string }[] = [
  { field: "assignedUser", label: DEVICE_COLUMN_LABELS.assignedUser, value: (d) => d.assignedUser ?? "—" },
  { field: "email", label: DEVICE_COLUMN_LABELS.email, value: (d) => d.email ?? "—" },
  { field: "deviceType", label: DEVICE_COLUMN_LABELS.deviceType, value: (d) => d.deviceType ?? "—" },
  { field: "platform", label: DEVICE_COLUMN_LABELS.platform, value: (d) => d.platform ?? "—" },
  { field: "model", label: DEVICE_COLUMN_LABELS.model, value: (d) => d.model ?? "—" },
  { field: "serialNumber", label: DEVICE_COLUMN_LABELS.serialNumber, value: (d) => d.serialNumber },
  { field: "assetTag", label: DEVICE_COLUMN_LABELS.assetTag, value: (d) => d.assetTag ?? "—" },
  { field: "status", label: DEVICE_COLUMN_LABELS.status, value: (d) => DEVICE_STATUS_LABELS[d.status] },
  { field: "location", label: DEVICE_COLUMN_LABELS.location, value: (d) => d.location ?? "—" },
  { field: "purchaseDate", label: DEVICE_COLUMN_LABELS.purchaseDate, value: (d) => formatDate(d.purchaseDate) },
  { field: "warrantyExpiry", label: DEVICE_COLUMN_LABELS.warrantyExpiry, value: (d) => formatDate(d.warrantyExpiry) },
  { field: "lastCheckIn", label: DEVICE_COLUMN_LABELS.lastCheckIn, value: (d) => formatExact(d.lastCheckIn) },
  { field: "encryptionEnabled", label: "Encryption", value: (d) => (d.encryptionEnabled ? "On" : "Off") },
];

/**
 * A device's details (docs/features.md §12): each field with its source ("From device, <time>" or "Typed"),
 * the facts that have no typed column, and its check-ins. A full-screen sheet on a phone.
 */
export function DeviceDetailsDrawer({ device, adminMode, onClose, onChanged }: DeviceDetailsDrawerProps) {
  const narrow = useMediaQuery("(max-width: 47.99em)") ?? false;
  return (
    <Drawer
      opened={device !== null}
      onClose={onClose}
      position="right"
      size={narrow ? "100%" : "xl"}
      title={device ? `Device ${device.serialNumber}` : "Device"}
      closeButtonProps={{ "aria-label": "Close device details" }}
    >
      {device && <DeviceDetails device={device} adminMode={adminMode} onChanged={onChanged} />}
    </Drawer>
  );
}

function DeviceDetails({
  device,
  adminMode,
  onChanged,
}: {
  device: Device;
  adminMode: boolean;
  onChanged(device: Device): void;
}) {
  const facts = device.facts ? reportedFactLines(device.facts) : [];
  return (
    <Stack gap="lg">
      <Group gap="xs" wrap="wrap">
        <DeviceStatusBadge status={device.status} />
        <ComplianceBadge device={device} />
        <DeviceFlagBadges device={device} />
      </Group>
      <Text size="sm">
        Last seen: <LastSeen device={device} />
        {adminMode && ` · ${device.clientName}`}
      </Text>
      {adminMode && device.needsReview && <MarkReviewedButton device={device} onChanged={onChanged} />}

      <section aria-labelledby="device-fields">
        <Title order={3} size="h4" id="device-fields" mb="xs">
          Fields
        </Title>
        <Table verticalSpacing={4} data-testid="device-fields">
          <Table.Tbody>
            {FIELDS.map(({ field, label, value }) => (
              <Table.Tr key={field}>
                <Table.Th scope="row" fw={600}>
                  {label}
                </Table.Th>
                <Table.Td>{value(device)}</Table.Td>
                <Table.Td>
                  <Text size="xs" c="dimmed" data-testid={`source-${field}`}>
                    {fieldSourceLabel(device, field)}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </section>

      <section aria-labelledby="device-facts">
        <Title order={3} size="h4" id="device-facts" mb="xs">
          Reported by the device
        </Title>
        {facts.length === 0 ? (
          <Text size="sm" c="dimmed">
            This device has never checked in: every value above was typed.
          </Text>
        ) : (
          <Table verticalSpacing={4} data-testid="device-facts">
            <Table.Tbody>
              {facts.map((line) => (
                <Table.Tr key={line.label}>
                  <Table.Th scope="row" fw={600}>
                    {line.label}
                  </Table.Th>
                  <Table.Td style={{ overflowWrap: "anywhere" }}>{line.value}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </section>

      <section aria-labelledby="device-history">
        <Title order={3} size="h4" id="device-history" mb="xs">
          History
        </Title>
        <DeviceHistoryTable deviceId={device.id} />
      </section>
    </Stack>
  );
}

/** Clears "Needs review", which a check-in sets on a device it added (ADMIN and AGENT). */
function MarkReviewedButton({ device, onChanged }: { device: Device; onChanged(device: Device): void }) {
  const utils = trpc.useUtils();
  const review = trpc.devices.markReviewed.useMutation({
    onSuccess: async (reviewed) => {
      toastSuccess("Device reviewed", `${reviewed.serialNumber} no longer needs review.`);
      onChanged(reviewed);
      await utils.devices.invalidate();
    },
    onError: (error) => toastCallFailure(error, "The device could not be marked reviewed."),
  });
  return (
    <Button
      variant="light"
      style={{ alignSelf: "flex-start" }}
      loading={review.isPending}
      onClick={() => review.mutate({ id: device.id })}
    >
      Mark reviewed
    </Button>
  );
}
