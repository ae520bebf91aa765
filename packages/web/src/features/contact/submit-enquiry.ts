import type { ContactInput } from "@repo/validators";
import { postJson } from "../../lib/public-api";

/** POST /api/contact (docs/product-spec.md §7): the enquiry with its service and where the visitor came from. */
export function submitEnquiry(enquiry: ContactInput): Promise<unknown> {
  return postJson("/api/contact", enquiry);
}
