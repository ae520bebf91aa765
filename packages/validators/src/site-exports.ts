// The entry `@repo/validators/site`: everything the marketing pages need (identity, constants, labels,
// site content) and nothing that imports zod, so a prerendered page does not download a schema library
// it never runs. The forms import their schemas from the main entry, in their own lazily loaded chunks.
export * from "./constants.js";
export * from "./site.js";
export * from "./labels.js";
export * from "./knowledge.js";
export * from "./site-texts.js";
export type { ContactService, QuoteService, TicketPriority, TicketType } from "./enums.js";
