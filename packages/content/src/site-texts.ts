// The words of the site's calls to action and of its two form pages. Apart from knowledge.ts because the
// marketing pages' islands (the quote button, the forms) need only these: a module built of computed
// strings cannot be tree-shaken, and knowledge.ts would bring every page's content along.
import { PROMISES } from "./promises.js";

/** The label of every consultation button (docs/product-spec.md §1: the main call to action). */
export const BOOK_A_CONSULTATION = "Book a Consultation";
/** The label of the service pages' quote buttons (docs/product-spec.md §2). */
export const GET_A_QUOTE = "Get a quote";

export const CONTACT_PAGE = {
  path: "/contact",
  title: "Contact Us",
  subtitle: "Tell us about your team and what you need. A real engineer reads every message.",
  notice: `We reply within ${PROMISES.replyWithin} (${PROMISES.replyDays}).`,
  thankYou: {
    title: "Thank you!",
    text: `Your message has been sent. We'll reply within ${PROMISES.replyWithin} (${PROMISES.replyDays}).`,
  },
  /** The ref of the page's own Book a Consultation link. */
  contactRef: "contact-cta",
} as const;

export const SUBMIT_TICKET_PAGE = {
  path: "/submit-ticket",
  title: "Submit a Support Ticket",
  subtitle: `For existing clients: tell us what's wrong and we'll pick it up. Critical issues (P1) are answered within ${PROMISES.criticalResponse}.`,
  nextSteps: [
    "We review your ticket and respond within the SLA time frame for its priority.",
    "Updates are sent by email to the address you gave.",
    "Keep your ticket ID: quote it whenever you contact us about this issue.",
  ],
} as const;
