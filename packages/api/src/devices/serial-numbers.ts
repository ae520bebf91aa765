// The serial-number rule across companies (docs/architecture.md §7): a serial number identifies one
// physical device, and a device belongs to one company at a time. A serial another company already holds
// is most likely a typo, or a device that moved without being released, so adding it (by the form, an
// edit or a CSV import) is refused, with a message that names the rule. Within one company the serial is
// unique too (the database's unique index); the CSV import updates that company's device by it.
//
// A client learns only that another company holds the serial, never which: staff see the company.
// The check and the write are two statements, so two companies adding the same serial in the same instant
// could both succeed; for a person typing a serial that window does not matter, and staff can see both.
import { and, clients, type DbExecutor, devices, eq, inArray, ne, preparedQuery, sql } from "@repo/db";

/** Who is asking: the company the device goes to, and whether the caller may learn other companies' names. */
export interface SerialOwner {
  clientId: string;
  /** Staff see every company, so they are told which one holds the serial; a client is not. */
  revealHolder: boolean;
}

/** The sentence for a serial held elsewhere: the form's error, the REST `error` and the import row's problem. */
export function serialHeldMessage(serialNumber: string, holder: string | null): string {
  const where = holder === null ? "another company" : holder;
  const next =
    holder === null
      ? "check the number, or contact us if the device has moved to you"
      : "check the number, or delete the device there before adding it here";
  return `Serial number ${serialNumber} is already registered to ${where}. A serial number identifies one device, and a device belongs to one company at a time: ${next}.`;
}

const holderColumns = { serialNumber: devices.serialNumber, holder: clients.name };
// One serial, built once: every device check-in asks (docs/performance.md §5).
const holdersOfOne = preparedQuery("serial_held_elsewhere", (db) =>
  db
    .select(holderColumns)
    .from(devices)
    .innerJoin(clients, eq(devices.clientId, clients.id))
    .where(and(eq(devices.serialNumber, sql.placeholder("serial")), ne(devices.clientId, sql.placeholder("clientId"))))
    .orderBy(clients.name),
);

/**
 * Of `serialNumbers`, those that a company other than `owner.clientId` holds, each with its message for
 * this caller. Exact match, as the per-company uniqueness and the import's upsert compare serials.
 */
export async function serialsHeldElsewhere(
  db: DbExecutor,
  owner: SerialOwner,
  serialNumbers: readonly string[],
): Promise<Map<string, string>> {
  if (serialNumbers.length === 0) return new Map();
  const rows =
    serialNumbers.length === 1
      ? await holdersOfOne(db, { serial: serialNumbers[0], clientId: owner.clientId })
      : await db
          .select(holderColumns)
          .from(devices)
          .innerJoin(clients, eq(devices.clientId, clients.id))
          .where(and(inArray(devices.serialNumber, [...serialNumbers]), ne(devices.clientId, owner.clientId)))
          .orderBy(clients.name);
  const held = new Map<string, string>();
  for (const row of rows) {
    if (held.has(row.serialNumber)) continue;
    held.set(row.serialNumber, serialHeldMessage(row.serialNumber, owner.revealHolder ? row.holder : null));
  }
  return held;
}
