import { trpc } from "../../lib/trpc";

export interface Company {
  id: string;
  name: string;
}

/**
 * The companies staff may add or import devices for (admin mode only). Until the staff clients list
 * lands, they are the companies the inventory already holds.
 */
export function useCompanies(enabled: boolean): Company[] | undefined {
  const devices = trpc.devices.list.useQuery({}, { enabled });
  if (!enabled || !devices.data) return undefined;
  const byId = new Map(devices.data.map((device) => [device.clientId, device.clientName]));
  return [...byId].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
}
