// The public contact form: an enquiry is stored first and its mail follows through the outbox, in the
// same transaction (docs/architecture.md §11). A honeypot hit is dropped without a word.
import { type Database, enquiries } from "@repo/db";
import type { ContactInput } from "@repo/validators";
import { enqueueEnquiryMail } from "../mail/triggers.js";
import { isBot } from "../tickets/public-form.js";

const blankAsNull = (v: string | undefined) => (v && v.trim() !== "" ? v.trim() : null);

export async function receiveEnquiry(db: Database, input: ContactInput): Promise<void> {
  if (isBot(input)) return;
  await db.transaction(async (tx) => {
    const [enquiry] = await tx
      .insert(enquiries)
      .values({
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        company: blankAsNull(input.company),
        service: blankAsNull(input.service),
        message: blankAsNull(input.message),
        ref: blankAsNull(input.ref),
      })
      .returning();
    await enqueueEnquiryMail(tx, enquiry!);
  });
}
