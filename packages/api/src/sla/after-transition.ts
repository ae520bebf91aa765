// The hook point for work that must commit together with an SLA transition the sweep records (the
// email outbox's at-risk / overdue mail). Called inside the transaction of the UPDATE that won the
// transition, once per ticket; an error thrown here rolls that transition back (the next sweep retries).
import type { Tx } from "@repo/db";
import type { TicketRow } from "../tickets/serialize.js";

export async function afterSlaTransition(_tx: Tx, _ticket: TicketRow, _state: "at_risk" | "overdue"): Promise<void> {
  // Nothing yet: the outbox task writes its mail here (enqueueSlaMail).
}
