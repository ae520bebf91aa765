// An enquiry as the staff screens read it (@repo/validators' enquirySchema), filled from its row.
import type { Enquiry } from "@repo/validators";
import type { EnquiryRow } from "./follow-up.js";

export function enquiryOut(r: EnquiryRow): Enquiry {
  return {
    id: r.id,
    firstName: r.firstName,
    lastName: r.lastName,
    email: r.email,
    company: r.company,
    service: r.service,
    message: r.message,
    handledAt: r.handledAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
    ref: r.ref,
    status: r.status,
    ownerId: r.ownerId,
    ticketId: r.ticketId,
  };
}
