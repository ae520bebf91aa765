// "Which device is it about?" on a ticket: a searchable, clearable pick of one company's devices, named as
// the server names them. Optional everywhere, so a list that is loading or failed leaves the form usable.
import { Select, type SelectProps } from "@mantine/core";
import { deviceOptionLabel } from "../lib/device-label";

interface DeviceListQuery {
  isPending: boolean;
  isError: boolean;
  data?: ({ id: string } & Parameters<typeof deviceOptionLabel>[0])[];
}

interface DeviceSelectProps extends Omit<SelectProps, "data" | "placeholder" | "description"> {
  devices: DeviceListQuery;
  /** The device chosen now: it stays choosable while the list loads. */
  current?: { id: string; label: string } | null;
  /** The placeholder once the list is there ("No device"). */
  noDevice: string;
  /** Said under the field when the list could not be loaded. */
  failed: string;
}

export function DeviceSelect({ devices, current, noDevice, failed, ...select }: DeviceSelectProps) {
  const options = (devices.data ?? []).map((d) => ({ value: d.id, label: deviceOptionLabel(d) }));
  if (current && !options.some((o) => o.value === current.id)) {
    options.unshift({ value: current.id, label: current.label });
  }
  return (
    <Select
      placeholder={devices.isPending ? "Loading devices..." : noDevice}
      description={devices.isError ? failed : undefined}
      data={options}
      searchable
      clearable
      {...select}
    />
  );
}
