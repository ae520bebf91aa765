// CSV export (docs/product-spec.md §7): GET /api/devices.csv with the current filters, saved as devices.csv. A
// plain fetch rather than a link, because the bearer token travels in a header a link cannot set.
import { saveFile } from "../../lib/save-file";
import { authHeaders, credentialsMode } from "../../lib/trpc";
import { deviceExportUrl, type DeviceFilters } from "./device-filters";

export const EXPORT_FILE_NAME = "devices.csv";

export async function exportDevices(filters: DeviceFilters): Promise<void> {
  const response = await fetch(deviceExportUrl(filters), { headers: authHeaders(), credentials: credentialsMode() });
  if (!response.ok) throw new Error("Export failed");
  saveFile(await response.blob(), EXPORT_FILE_NAME);
}
