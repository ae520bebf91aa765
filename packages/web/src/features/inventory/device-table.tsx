import { Anchor, Stack, Table, Text, type TextProps, UnstyledButton, VisuallyHidden } from "@mantine/core";
import type { Device, DeviceSort } from "@repo/validators";
import { BadgeCell } from "../../components/badge-cell";
import { formatDate } from "../../lib/format-date";
import { WRAP_ANYWHERE } from "../../lib/ui-constants";
import { DeviceActions } from "./device-actions";
import { ComplianceBadge, DeviceStatusBadge, WarrantyDate } from "./device-badges";
import { DEVICE_COLUMN_LABELS } from "./device-columns";
import type { DeviceFilters } from "./device-filters";
import { DeviceFlagBadges } from "./device-flag-badges";
import { LastSeen } from "./last-seen";

const NO_WRAP = { whiteSpace: "nowrap" } as const;

/**
 * The columns after Company, each with the sort buttons of what it shows. A column may show two fields,
 * the second under the first (the asset tag under the serial number, compliance under the status): that
 * keeps the table within a 1024 px screen.
 */
const COLUMNS: { sorts: DeviceSort[]; label?: string }[] = [
  { sorts: ["assignedUser"] },
  { sorts: ["deviceType"] },
  { sorts: ["model"] },
  { sorts: ["serialNumber", "assetTag"] },
  { sorts: ["status"], label: "Compliance" },
  { sorts: ["location"] },
  { sorts: ["warrantyExpiry"] },
  { sorts: ["lastCheckIn"] },
];

interface DeviceTableProps {
  devices: Device[];
  filters: DeviceFilters;
  onSort(sort: DeviceSort): void;
  adminMode: boolean;
  onEdit(device: Device): void;
  onDelete(device: Device): void;
  /** Opens the device's details (its facts, their sources, its check-ins). */
  onOpen(device: Device): void;
}

/**
 * Every column in view, none over another, from 1024 px up: no column is pinned (a pinned
 * Actions column covered Compliance), the text columns wrap, the row's buttons stack and the cells are a
 * little tighter, so the admin table fits its card. Narrower than its content (below 1024 px, down to the
 * phone's cards), it scrolls sideways.
 */
export function DeviceTable({ devices, filters, onSort, adminMode, onEdit, onDelete, onOpen }: DeviceTableProps) {
  return (
    <Table.ScrollContainer minWidth={0} type="native">
      <Table striped highlightOnHover verticalSpacing="sm" horizontalSpacing={6}>
        {/* The table's name and its sort order, read first by a screen reader. */}
        <caption>
          <VisuallyHidden>
            Devices, sorted by {DEVICE_COLUMN_LABELS[filters.sort]},{" "}
            {filters.dir === "asc" ? "ascending" : "descending"}
          </VisuallyHidden>
        </caption>
        <Table.Thead>
          <Table.Tr>
            {adminMode && <Table.Th>Company</Table.Th>}
            {COLUMNS.map((column) => (
              <ColumnHeader key={column.sorts[0]} {...column} filters={filters} onSort={onSort} />
            ))}
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {devices.map((device) => (
            <Table.Tr key={device.id} data-testid="device-row">
              {adminMode && <Table.Td>{device.clientName}</Table.Td>}
              <Table.Td>
                {/* The row's name opens its details: a button, so the keyboard reaches it in the row's order. */}
                <Anchor component="button" type="button" size="sm" fw={500} ta="left" onClick={() => onOpen(device)}>
                  {device.assignedUser ?? "Unassigned"}
                </Anchor>
                {device.email && (
                  <Text size="xs" c="dimmed" style={WRAP_ANYWHERE}>
                    {device.email}
                  </Text>
                )}
              </Table.Td>
              <TwoLineCell main={device.deviceType ?? "—"} detail={device.platform} mainProps={{ tt: "capitalize" }} />
              <Table.Td>{device.model ?? "—"}</Table.Td>
              <TwoLineCell main={device.serialNumber} detail={device.assetTag} mainProps={{ ff: "monospace" }} />
              <BadgeCell stacked>
                <DeviceStatusBadge status={device.status} />
                <ComplianceBadge device={device} />
                <DeviceFlagBadges device={device} />
              </BadgeCell>
              <Table.Td>{device.location ?? "—"}</Table.Td>
              <Table.Td style={NO_WRAP}>
                <WarrantyDate device={device} />
              </Table.Td>
              {/* When the device itself last reported, under the (typed or reported) date: its own column
                  would push the admin table past its card at 1024 px. */}
              <Table.Td style={NO_WRAP}>
                <Text size="sm">{formatDate(device.lastCheckIn)}</Text>
                <Text size="xs" c="dimmed">
                  Seen <LastSeen device={device} />
                </Text>
              </Table.Td>
              <Table.Td>
                <Stack gap={4}>
                  <DeviceActions device={device} adminMode={adminMode} onEdit={onEdit} onDelete={onDelete} />
                </Stack>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function ColumnHeader({
  sorts,
  label,
  filters,
  onSort,
}: {
  sorts: DeviceSort[];
  label?: string;
  filters: DeviceFilters;
  onSort(sort: DeviceSort): void;
}) {
  const active = sorts.includes(filters.sort);
  const ariaSort = active ? (filters.dir === "asc" ? "ascending" : "descending") : "none";
  return (
    <Table.Th aria-sort={ariaSort}>
      <Stack gap={2} align="flex-start">
        {sorts.map((column) => (
          <UnstyledButton key={column} onClick={() => onSort(column)} fw={700} fz="sm">
            {DEVICE_COLUMN_LABELS[column]}
            {filters.sort === column && <span aria-hidden="true">{filters.dir === "asc" ? " ▲" : " ▼"}</span>}
          </UnstyledButton>
        ))}
        {label}
      </Stack>
    </Table.Th>
  );
}

/** A cell with a main line and, when there is one, a dimmed detail under it (the user's email, the platform, the asset tag). */
function TwoLineCell({ main, detail, mainProps }: { main: string; detail: string | null; mainProps: TextProps }) {
  return (
    <Table.Td>
      <Text size="sm" {...mainProps}>
        {main}
      </Text>
      {detail && (
        <Text size="xs" c="dimmed" style={WRAP_ANYWHERE}>
          {detail}
        </Text>
      )}
    </Table.Td>
  );
}
