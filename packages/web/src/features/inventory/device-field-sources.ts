// Where each of a device's shown values came from (docs/features.md §12, issue 40: "the screens show which
// value came from the device and when"). A check-in overwrites the typed fields its facts report
// (`factColumns` of @repo/validators, the same function the check-in writes with), and always the serial
// and the last check-in; every other value is as someone typed it.
import { factColumns, type Device } from "@repo/validators";
import { formatExact } from "../../lib/format-date";

/** Whether the device's last check-in reported this field. */
export function fromDevice(device: Pick<Device, "facts">, field: keyof Device): boolean {
  if (!device.facts) return false;
  if (field === "serialNumber" || field === "lastCheckIn") return true;
  return Object.hasOwn(factColumns(device.facts), field);
}

/** The words under a value: "From device, <when>" or "Typed". */
export function fieldSourceLabel(device: Pick<Device, "facts" | "factsAt">, field: keyof Device): string {
  return fromDevice(device, field) ? `From device, ${formatExact(device.factsAt)}` : "Typed";
}
