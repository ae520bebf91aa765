// A ticket's audit log as the staff history shows it, oldest first.
import { auditLogs, type DbExecutor } from "@repo/db";
import type { Scope } from "../auth/scope.js";
import { ticketRecords } from "./queries.js";

/** An entry of a ticket's audit log as the history shows it. */
const toHistoryEntry = ({ ticketId: _ticketId, createdAt, ...entry }: typeof auditLogs.$inferSelect) => ({
  ...entry,
  createdAt: createdAt.toISOString(),
});

export async function ticketHistory(db: DbExecutor, scope: Scope, ticketId: string) {
  return { history: (await ticketRecords(db, scope, auditLogs, ticketId, "oldest first")).map(toHistoryEntry) };
}
