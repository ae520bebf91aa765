// The hook point for work that must commit or roll back together with a ticket write (the email outbox
// adds its rows here). Called inside the write's transaction, after the ticket rows are written and
// before commit; an error thrown here rolls the whole write back.
import type { Tx } from "@repo/db";
import { enqueueTicketMails } from "../mail/triggers.js";
import type { TicketChange } from "./service.js";

export async function afterTicketWrite(tx: Tx, change: TicketChange): Promise<void> {
  await enqueueTicketMails(tx, change);
}
