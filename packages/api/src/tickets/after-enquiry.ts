// The hook point for work that must commit together with a stored contact enquiry (the email outbox's
// mail to the provider's inbox). Called inside the transaction that inserts the enquiry.
import type { Tx, enquiries } from "@repo/db";
import { enqueueEnquiryMail } from "../mail/triggers.js";

export async function afterEnquiryWrite(tx: Tx, enquiry: typeof enquiries.$inferSelect): Promise<void> {
  await enqueueEnquiryMail(tx, enquiry);
}
