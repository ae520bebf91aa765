import { index, pgTable, text } from "drizzle-orm/pg-core";
import { belongsTo, createdAt, id, refersTo, timelineOf, timestamptz, requiredText, updatedAt } from "./_columns.js";
import { users } from "./users.js";
import { enquiryStatusEnum } from "./enums.js";
import { tickets } from "./tickets.js";

/** Contact-form enquiries: stored first, mailed later, so nothing is lost when mail is down. */
export const enquiries = pgTable(
  "enquiries",
  {
    id: id(),
    firstName: requiredText(),
    lastName: requiredText(),
    email: requiredText(),
    company: text(),
    service: text(),
    message: text(),
    /** The ?ref= the visitor arrived with (homepage, footer, ...). */
    ref: text(),
    /** When a staff member first moved it on from "new". */
    handledAt: timestamptz(),
    createdAt: createdAt(),
    // The follow-up (docs/architecture.md §18): where it stands, who owns it, and the ticket it became, if any.
    status: enquiryStatusEnum().notNull().default("new"),
    ownerId: refersTo(users.id),
    ticketId: refersTo(tickets.id),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The inbox's keyset order, newest first and the id breaking ties (migration 0021): read
    // backwards, a page is the index's next rows, with no sort of every enquiry.
    index().on(t.createdAt, t.id),
    index().on(t.status, t.createdAt),
  ],
);

/** Staff notes on an enquiry (a call made, a quote sent), oldest first. */
export const enquiryNotes = pgTable(
  "enquiry_notes",
  {
    id: id(),
    enquiryId: belongsTo(enquiries.id),
    authorId: refersTo(users.id),
    authorName: requiredText(),
    content: requiredText(),
    createdAt: createdAt(),
  },
  timelineOf("enquiryId"),
);
