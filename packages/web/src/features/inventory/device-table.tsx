import { Badge, Button, Group, Table, Text, UnstyledButton } from "@mantine/core";
import { DEVICE_STATUS_LABELS, type Device, type DeviceSort, type DeviceStatus } from "@repo/validators";
import { DEVICE_COLUMN_LABELS } from "./device-columns";
import type { DeviceFilters } from "./device-filters";

const STATUS_COLORS: Record<DeviceStatus, string> = {
  IN_USE: "green",
  SPARE: "blue",
  RETIRED: "gray",
  IN_REPAIR: "orange",
};

const SORTABLE_COLUMNS: DeviceSort[] = [
  "assignedUser",
  "deviceType",
  "model",
  "serialNumber",
  "assetTag",
  "status",
  "location",
  "warrantyExpiry",
  "lastCheckIn",
];

interface DeviceTableProps {
  devices: Device[];
  filters: DeviceFilters;
  onSort(sort: DeviceSort): void;
  adminMode: boolean;
  onEdit(device: Device): void;
  onDelete(device: Device): void;
}

const formatDate = (value: string | null) =>
  value ? new Date(value.length === 10 ? `${value}T12:00:00` : value).toLocaleDateString() : "—";

export function DeviceTable({ devices, filters, onSort, adminMode, onEdit, onDelete }: DeviceTableProps) {
  return (
    <Table.ScrollContainer minWidth={1100}>
      <Table striped highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            {adminMode && <Table.Th>Company</Table.Th>}
            {SORTABLE_COLUMNS.map((column) => (
              <SortableHeader key={column} column={column} filters={filters} onSort={onSort} />
            ))}
            <Table.Th>Compliance</Table.Th>
            <Table.Th>
              <Text span inherit>
                Actions
              </Text>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {devices.map((device) => (
            <Table.Tr key={device.id} data-testid="device-row">
              {adminMode && <Table.Td>{device.clientName}</Table.Td>}
              <Table.Td>
                <Text size="sm" fw={500}>
                  {device.assignedUser ?? "Unassigned"}
                </Text>
                {device.email && (
                  <Text size="xs" c="dimmed">
                    {device.email}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Text size="sm" tt="capitalize">
                  {device.deviceType ?? "—"}
                </Text>
                {device.platform && (
                  <Text size="xs" c="dimmed">
                    {device.platform}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{device.model ?? "—"}</Table.Td>
              <Table.Td ff="monospace">{device.serialNumber}</Table.Td>
              <Table.Td>{device.assetTag ?? "—"}</Table.Td>
              <Table.Td>
                <Badge color={STATUS_COLORS[device.status]} variant="light">
                  {DEVICE_STATUS_LABELS[device.status]}
                </Badge>
              </Table.Td>
              <Table.Td>{device.location ?? "—"}</Table.Td>
              <Table.Td>
                <Text size="sm" c={device.warrantyExpiring ? "orange.8" : undefined} fw={device.warrantyExpiring ? 600 : undefined}>
                  {formatDate(device.warrantyExpiry)}
                </Text>
                {device.warrantyExpiring && (
                  <Badge color="orange" variant="light" size="xs">
                    Warranty Expiring
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>{formatDate(device.lastCheckIn)}</Table.Td>
              <Table.Td>
                {device.complianceOk ? (
                  <Badge color="green" variant="light">
                    Compliant
                  </Badge>
                ) : (
                  <Badge color="red" variant="light">
                    At Risk
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Button size="xs" variant="light" onClick={() => onEdit(device)} aria-label={`Edit ${device.serialNumber}`}>
                    Edit
                  </Button>
                  {/* Spec section 6: deletion is offered in admin mode only. */}
                  {adminMode && (
                    <Button
                      size="xs"
                      variant="light"
                      color="red"
                      onClick={() => onDelete(device)}
                      aria-label={`Delete ${device.serialNumber}`}
                    >
                      Delete
                    </Button>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function SortableHeader({ column, filters, onSort }: { column: DeviceSort; filters: DeviceFilters; onSort(sort: DeviceSort): void }) {
  const active = filters.sort === column;
  const ariaSort = active ? (filters.dir === "asc" ? "ascending" : "descending") : "none";
  return (
    <Table.Th aria-sort={ariaSort}>
      <UnstyledButton onClick={() => onSort(column)} fw={700} fz="sm">
        {DEVICE_COLUMN_LABELS[column]}
        {active && <span aria-hidden="true">{filters.dir === "asc" ? " ▲" : " ▼"}</span>}
      </UnstyledButton>
    </Table.Th>
  );
}
