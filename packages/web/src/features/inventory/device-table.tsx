import { Group, Table, Text, type TextProps, UnstyledButton } from "@mantine/core";
import type { Device, DeviceSort } from "@repo/validators";
import { formatDate } from "../../lib/format-date";
import { DeviceActions } from "./device-actions";
import { ComplianceBadge, DeviceStatusBadge, WarrantyDate } from "./device-badges";
import { DEVICE_COLUMN_LABELS } from "./device-columns";
import type { DeviceFilters } from "./device-filters";

const NO_WRAP = { whiteSpace: "nowrap" } as const;
/** The actions stay in view at the right edge while a wide table scrolls sideways. */
const STICKY_ACTIONS = {
  position: "sticky",
  right: 0,
  background: "var(--mantine-color-body)",
  boxShadow: "-1px 0 0 var(--mantine-color-gray-3)",
} as const;

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

export function DeviceTable({ devices, filters, onSort, adminMode, onEdit, onDelete }: DeviceTableProps) {
  return (
    <Table.ScrollContainer minWidth={1100} type="native">
      <Table striped highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            {adminMode && <Table.Th>Company</Table.Th>}
            {SORTABLE_COLUMNS.map((column) => (
              <SortableHeader key={column} column={column} filters={filters} onSort={onSort} />
            ))}
            <Table.Th>Compliance</Table.Th>
            <Table.Th style={STICKY_ACTIONS}>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {devices.map((device) => (
            <Table.Tr key={device.id} data-testid="device-row">
              {adminMode && <Table.Td>{device.clientName}</Table.Td>}
              <TwoLineCell main={device.assignedUser ?? "Unassigned"} detail={device.email} mainProps={{ fw: 500 }} />
              <TwoLineCell main={device.deviceType ?? "—"} detail={device.platform} mainProps={{ tt: "capitalize" }} />
              <Table.Td>{device.model ?? "—"}</Table.Td>
              <Table.Td ff="monospace" style={NO_WRAP}>
                {device.serialNumber}
              </Table.Td>
              <Table.Td style={NO_WRAP}>{device.assetTag ?? "—"}</Table.Td>
              <Table.Td style={NO_WRAP}>
                <DeviceStatusBadge status={device.status} />
              </Table.Td>
              <Table.Td>{device.location ?? "—"}</Table.Td>
              <Table.Td style={NO_WRAP}>
                <WarrantyDate device={device} />
              </Table.Td>
              <Table.Td style={NO_WRAP}>{formatDate(device.lastCheckIn)}</Table.Td>
              <Table.Td style={NO_WRAP}>
                <ComplianceBadge compliant={device.complianceOk} />
              </Table.Td>
              <Table.Td style={STICKY_ACTIONS}>
                <Group gap="xs" wrap="nowrap">
                  <DeviceActions device={device} adminMode={adminMode} onEdit={onEdit} onDelete={onDelete} />
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function SortableHeader({
  column,
  filters,
  onSort,
}: {
  column: DeviceSort;
  filters: DeviceFilters;
  onSort(sort: DeviceSort): void;
}) {
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

/** A cell with a main line and, when there is one, a dimmed detail under it (the user's email, the platform). */
function TwoLineCell({ main, detail, mainProps }: { main: string; detail: string | null; mainProps: TextProps }) {
  return (
    <Table.Td>
      <Text size="sm" {...mainProps}>
        {main}
      </Text>
      {detail && (
        <Text size="xs" c="dimmed">
          {detail}
        </Text>
      )}
    </Table.Td>
  );
}
