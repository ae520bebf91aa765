import { Alert, Button, Center, Group, Loader, Paper, Stack, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { plural, type Device } from "@repo/validators";
import { keepPreviousData } from "@tanstack/react-query";
import { useState } from "react";
import { nextCursorOf, ShowMoreButton } from "../../components/show-more-button";
import { trpc } from "../../lib/trpc";
import { DeviceAddModal } from "./device-add-modal";
import { DeviceCards } from "./device-cards";
import { DeviceDeleteModal } from "./device-delete-modal";
import { DeviceDetailsDrawer } from "./device-details-drawer";
import { DeviceEditModal } from "./device-edit-modal";
import { deviceListInput, toggleSort, type DeviceFilters } from "./device-filters";
import { DeviceImportModal } from "./device-import-modal";
import { DeviceMetricCards } from "./device-metric-cards";
import { DeviceTable } from "./device-table";
import { DeviceToolbar } from "./device-toolbar";
import { exportDevices } from "./export-devices";
import { useCompanies } from "./use-companies";

export interface DeviceInventoryProps {
  /** Staff (/inventory): every company, a Company column, and Delete. Clients see their own devices. */
  adminMode: boolean;
  /** Search, status, company (staff) and sort: the page keeps them in its URL. */
  filters: DeviceFilters;
  /**
   * A change, as a function of the filters current when it applies: a debounced search and a click on a
   * column header made within the same moment must both land, neither undoing the other.
   */
  onFiltersChange(change: (current: DeviceFilters) => DeviceFilters): void;
}

/** The device inventory of docs/product-spec.md §2, shared by /client/inventory and the staff /inventory. */
export function DeviceInventory({ adminMode, filters, onFiltersChange }: DeviceInventoryProps) {
  const input = deviceListInput(filters);

  // A page at a time (docs/architecture.md §8); the counters, the total included, are counted by the server.
  const list = trpc.devices.page.useInfiniteQuery(input, {
    getNextPageParam: nextCursorOf,
    placeholderData: keepPreviousData,
  });
  const metrics = trpc.devices.metrics.useQuery(input, { placeholderData: keepPreviousData });
  const shown = list.data?.pages.flatMap((page) => page.devices);
  const total = metrics.data?.total;
  const companies = useCompanies(adminMode);
  // Below Mantine's sm breakpoint (48em) phones get cards: the table needs more width than they have.
  const narrow = useMediaQuery("(max-width: 47.99em)") ?? false;

  const [editing, setEditing] = useState<Device | null>(null);
  const [deleting, setDeleting] = useState<Device | null>(null);
  const [viewing, setViewing] = useState<Device | null>(null);
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);

  async function handleExport() {
    setExporting(true);
    try {
      await exportDevices(filters);
      notifications.show({ title: "Devices exported successfully", message: "", color: "green" });
    } catch {
      notifications.show({ title: "Error", message: "Failed to export devices", color: "red" });
    } finally {
      setExporting(false);
    }
  }

  if (list.isError) {
    return (
      <Alert color="red" title="Error Loading Inventory" role="alert">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{list.error.message || "The device list could not be loaded."}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => list.refetch()}>
            Try Again
          </Button>
        </Stack>
      </Alert>
    );
  }

  return (
    <Stack gap="lg">
      <DeviceMetricCards metrics={metrics.data} />
      <Paper withBorder p="md" radius="md">
        <Stack gap="md">
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Text fw={600} aria-live="polite">
              {total !== undefined && shown ? plural(total, "device") : "Devices"}
            </Text>
            <Group gap="xs">
              <Button variant="default" onClick={handleExport} loading={exporting}>
                Export CSV
              </Button>
              <Button variant="default" onClick={() => setImporting(true)}>
                Import CSV
              </Button>
              <Button onClick={() => setAdding(true)}>Add Device</Button>
            </Group>
          </Group>
          <DeviceToolbar filters={filters} companies={companies} onFiltersChange={onFiltersChange} />
          {!shown ? (
            <Center py="xl">
              <Loader role="status" aria-label="Loading devices" />
            </Center>
          ) : shown.length === 0 ? (
            <Text c="dimmed" ta="center" py="xl">
              No devices found. Try adjusting your filters or add a new device.
            </Text>
          ) : narrow ? (
            <DeviceCards
              devices={shown}
              adminMode={adminMode}
              onEdit={setEditing}
              onDelete={setDeleting}
              onOpen={setViewing}
            />
          ) : (
            <DeviceTable
              devices={shown}
              filters={filters}
              onSort={(sort) => onFiltersChange((current) => toggleSort(current, sort))}
              adminMode={adminMode}
              onEdit={setEditing}
              onDelete={setDeleting}
              onOpen={setViewing}
            />
          )}
          {shown && (
            <ShowMoreButton list={list} label={`Show more devices (${shown.length} of ${total ?? "…"} shown)`} />
          )}
        </Stack>
      </Paper>
      <DeviceDetailsDrawer
        device={viewing}
        adminMode={adminMode}
        onClose={() => setViewing(null)}
        onChanged={setViewing}
      />
      <DeviceEditModal device={editing} onClose={() => setEditing(null)} />
      {adminMode && <DeviceDeleteModal device={deleting} onClose={() => setDeleting(null)} />}
      <DeviceAddModal opened={adding} onClose={() => setAdding(false)} companies={companies} />
      <DeviceImportModal opened={importing} onClose={() => setImporting(false)} companies={companies} />
    </Stack>
  );
}
