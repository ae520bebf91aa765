// How a device is named in a pick list (the staff ticket's Device, the client's New Ticket): its model
// (or type), serial number and the person using it. The server names it the same way in its answers
// (packages/api/src/tickets/ticket-device.ts).
export function deviceOptionLabel(device: {
  model: string | null;
  deviceType: string | null;
  serialNumber: string;
  assignedUser: string | null;
}): string {
  const name = device.model || device.deviceType || "Device";
  return `${name} · ${device.serialNumber}${device.assignedUser ? ` (${device.assignedUser})` : ""}`;
}
