// The hook point for work that must commit together with a stored contact enquiry (the email outbox's
// mail to the provider's inbox). Called inside the transaction that inserts the enquiry.
import type { Tx, enquiries } from "@repo/db";

export async function afterEnquiryWrite(_tx: Tx, _enquiry: typeof enquiries.$inferSelect): Promise<void> {
  // Nothing yet: the outbox task writes its mail here (enqueueEnquiryMail).
}
