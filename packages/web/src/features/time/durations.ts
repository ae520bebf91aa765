/** Whole minutes as people read them; one rule for screens, invoices and mails (@repo/validators). */
export { formatMinutes } from "@repo/validators";
