// The hook point for work that must commit together with an SLA transition the sweep records (the
// email outbox's at-risk / overdue mail). Called inside the transaction of the UPDATE that won the
// transition, once per ticket; an error thrown here rolls that transition back (the next sweep retries).
import type { Tx } from "@repo/db";
import { enqueueSlaMail } from "../mail/triggers.js";
import type { TicketRow } from "../tickets/serialize.js";

export async function afterSlaTransition(tx: Tx, ticket: TicketRow, state: "at_risk" | "overdue"): Promise<void> {
  await enqueueSlaMail(tx, ticket, state);
}
