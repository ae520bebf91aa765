// The device a ticket is about (docs/features.md §8): one per ticket at most, always of the ticket's own company. The
// company is part of the statement that writes the link (CONTRIBUTING rule 1), so a device of another
// company is refused exactly as an unknown one is, and an id reveals nothing.
import { and, devices, eq, isUuid, preparedQuery, sql, ticketDevices, type DbExecutor, type Tx } from "@repo/db";
import { InvalidError } from "../errors.js";

export const DEVICE_NOT_OF_COMPANY = "Choose a device of the ticket's company";

/** What a ticket shows of its device, and what the reports name it by. */
export interface TicketDevice {
  id: string;
  /** The model (or the type) and the serial number: "ThinkPad T14 · PF3K2L9". */
  label: string;
  assignedUser: string | null;
}

/** One SQL expression for a device's label, so the ticket page and the reports name a device alike. */
export const deviceLabelSql = sql<string>`coalesce(nullif(${devices.model}, ''), initcap(${devices.deviceType}::text), 'Device') || ' · ' || ${devices.serialNumber}`;

/**
 * Sets (or, with null, clears) the ticket's device inside the caller's transaction. Returns whether
 * anything changed. `clientId` is the ticket's company, read from the locked ticket row.
 */
export async function setDeviceLink(
  tx: Tx,
  link: { ticketId: string; clientId: string; deviceId: string | null },
): Promise<{ changed: boolean; from: string | null }> {
  const [current] = await tx
    .select({ deviceId: ticketDevices.deviceId })
    .from(ticketDevices)
    .where(eq(ticketDevices.ticketId, link.ticketId));
  const from = current?.deviceId ?? null;
  if (from === link.deviceId) return { changed: false, from };
  if (link.deviceId === null) {
    await tx.delete(ticketDevices).where(eq(ticketDevices.ticketId, link.ticketId));
    return { changed: true, from };
  }
  if (!isUuid(link.deviceId)) throw new InvalidError(DEVICE_NOT_OF_COMPANY);
  const written = await tx
    .insert(ticketDevices)
    .select(
      tx
        .select({
          ticketId: sql<string>`${link.ticketId}::uuid`.as("ticket_id"),
          deviceId: devices.id,
          createdAt: sql<Date>`now()`.as("created_at"),
        })
        .from(devices)
        .where(and(eq(devices.id, link.deviceId), eq(devices.clientId, link.clientId))),
    )
    .onConflictDoUpdate({ target: ticketDevices.ticketId, set: { deviceId: sql`excluded.device_id` } })
    .returning({ deviceId: ticketDevices.deviceId });
  if (written.length === 0) throw new InvalidError(DEVICE_NOT_OF_COMPANY);
  return { changed: true, from };
}

/** The ticket's device, or null. */
const deviceOfTicket = preparedQuery("ticket_device", (db) =>
  db
    .select({ id: devices.id, label: deviceLabelSql, assignedUser: devices.assignedUser })
    .from(ticketDevices)
    .innerJoin(devices, eq(devices.id, ticketDevices.deviceId))
    .where(eq(ticketDevices.ticketId, sql.placeholder("ticketId"))),
);

export async function ticketDeviceOf(db: DbExecutor, ticketId: string): Promise<TicketDevice | null> {
  const [row] = await deviceOfTicket(db, { ticketId });
  return row ?? null;
}
