// Forgetting the company scope is a type error, not a review comment (CONTRIBUTING rule 1). Checked by
// `tsc --noEmit` (pnpm test), never run: each @ts-expect-error below must meet its error, or the build
// fails, so a scope made optional again, given a default or a "null means every company" form breaks it.
import type { DbExecutor, Tx } from "@repo/db";
import { countDeviceMetrics, deleteDevice, getDevice, listDevices, updateDevice } from "../devices/inventory.js";
import { readableAttachment } from "../files/attachments.js";
import { rateAsClient, ticketRating } from "../satisfaction/ratings.js";
import { getClientTicket, listClientTickets } from "../tickets/queries.js";
import { addComment, deleteTicket, lockTicket, updateTicket, type TicketWriter } from "../tickets/service.js";
import { systemScope, type CompanyScope, type StaffScope } from "./scope.js";

declare const tx: Tx;
declare const db: DbExecutor;
declare const writer: TicketWriter & { files: import("../files/store.js").FileStore };
declare const company: CompanyScope;
declare const staff: StaffScope;
declare const id: string;
const actor = { id, name: "Dana", role: "CLIENT" as const };
const fields = { serialNumber: "SN-1", status: "IN_USE" as const };

export async function withoutScope() {
  // @ts-expect-error a lock without a scope
  await lockTicket(tx, id);
  // @ts-expect-error the old "no filter" default
  await lockTicket(tx, id, {});
  // @ts-expect-error "null means every company" is no scope
  await lockTicket(tx, id, { clientId: null });
  // @ts-expect-error a bare company id is no scope either
  await lockTicket(tx, id, { clientId: id });
  // @ts-expect-error a device list without a scope
  await listDevices(db, { q: "dana" });
  // @ts-expect-error the old device scope
  await listDevices(db, { clientId: null }, { q: "dana" });
  // @ts-expect-error
  await countDeviceMetrics(db, { clientId: null });
  // @ts-expect-error
  await getDevice(db, id);
  // @ts-expect-error
  await updateDevice(db, id, fields);
  // @ts-expect-error
  await deleteDevice(db, id);
  // @ts-expect-error a write to an existing ticket without a scope
  await updateTicket(writer, { id, patch: { title: "Printer" }, actor });
  // @ts-expect-error
  await addComment(writer, { ticketId: id, author: actor, content: "Still jammed", internal: false });
  // @ts-expect-error
  await deleteTicket(writer, { id, actor });
  // @ts-expect-error a client read without a scope
  await listClientTickets(db);
  // @ts-expect-error a company id where the scope goes
  await getClientTicket(db, id, id);
  // @ts-expect-error
  await readableAttachment(db, id);
  // @ts-expect-error
  await ticketRating(db, id);
  // @ts-expect-error rating as a client takes a company scope, not staff's
  await rateAsClient(writer, staff, { ticketId: id, rating: "good", comment: null });
}

export async function withScope() {
  await lockTicket(tx, id, company);
  await lockTicket(tx, id, staff);
  await lockTicket(tx, id, systemScope("job"));
  await listDevices(db, company, { q: "dana" });
  await listDevices(db, staff, { q: "dana", clientId: id });
  await updateTicket(writer, { id, patch: { title: "Printer" }, actor, scope: company });
  await getClientTicket(db, company, id);
  await rateAsClient(writer, company, { ticketId: id, rating: "good", comment: null });
}
