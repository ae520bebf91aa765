// A ticket's CC list (docs/features.md §5): the people copied on a ticket's mails besides its requester.
// Mail in keeps the To and Cc of the mails that open or answer a ticket; staff add and remove addresses;
// a per-ticket switch decides whether public staff replies copy them.
import { z } from "zod";
import { email, idText } from "./fields.js";
import { isoTimestamp } from "./wire.js";

/** Limits of a ticket's CC list: a mail copied to a whole department would otherwise copy it forever. */
export const TICKET_CC_LIMITS = { maxAddresses: 20 } as const;

/** How an address came on the list: copied on a mail that reached the ticket, or added by staff. */
export const TICKET_CC_SOURCES = ["mail", "staff"] as const;
export const ticketCcSourceSchema = z.enum(TICKET_CC_SOURCES);
export type TicketCcSource = z.infer<typeof ticketCcSourceSchema>;

/** POST /api/tickets/{id}/cc: one address to copy. */
export const ticketCcAddInputSchema = z.object({
  email: email("Please enter a valid email address"),
});
export type TicketCcAddInput = z.infer<typeof ticketCcAddInputSchema>;

/** PUT /api/tickets/{id}/cc/settings: whether public staff replies copy the CC list. */
export const ticketCcSettingsInputSchema = z.object({
  copyOnReplies: z.boolean({ error: "Say whether replies copy the CC list" }),
});
export type TicketCcSettingsInput = z.infer<typeof ticketCcSettingsInputSchema>;

/** DELETE /api/tickets/{id}/cc/{ccId}. */
export const ticketCcRemoveInputSchema = z.object({ id: idText(), ccId: idText() });

export const ticketCcAddressSchema = z.object({
  id: z.string(),
  email: z.string(),
  addedVia: ticketCcSourceSchema,
  addedAt: isoTimestamp(),
});
export type TicketCcAddress = z.infer<typeof ticketCcAddressSchema>;

/** A ticket's CC list and its switch, oldest address first. */
export const ticketCcListSchema = z.object({
  copyOnReplies: z.boolean(),
  addresses: z.array(ticketCcAddressSchema),
});
export type TicketCcList = z.infer<typeof ticketCcListSchema>;
