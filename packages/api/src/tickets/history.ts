// A ticket's audit log as the staff history shows it, oldest first. Staff reach every company's tickets,
// so the staff scope is the only one this takes.
import { auditLogs, type DbExecutor } from "@repo/db";
import type { StaffScope } from "../auth/scope.js";
import { ticketRecords } from "./queries.js";

/** An entry of a ticket's audit log as the history shows it. */
const toHistoryEntry = ({ ticketId: _ticketId, createdAt, ...entry }: typeof auditLogs.$inferSelect) => ({
  ...entry,
  createdAt: createdAt.toISOString(),
});

export async function ticketHistory(db: DbExecutor, _scope: StaffScope, ticketId: string) {
  return { history: (await ticketRecords(db, auditLogs, ticketId, "oldest first")).map(toHistoryEntry) };
}
