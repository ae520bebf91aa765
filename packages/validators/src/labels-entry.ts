// The entry `@repo/validators/labels`: the enums as types, their labels and the limits, and nothing that
// imports zod, so a prerendered marketing page (and @repo/content) does not download a schema library it
// never runs. The forms import their schemas from the main entry, in their own lazily loaded chunks.
export * from "./attachment-limits.js";
export * from "./constants.js";
export * from "./ids.js";
export * from "./plural.js";
export * from "./labels.js";
export * from "./ticket-views.js";
export * from "./incident-sets.js";
export type {
  ChatRole,
  ContactService,
  DeviceCompliance,
  DevicePlatform,
  DeviceStatus,
  DeviceType,
  EnquiryStatus,
  MailKind,
  OutboxStatus,
  QuoteService,
  SatisfactionRating,
  Role,
  SlaAlertState,
  SlaState,
  TicketLinkKind,
  TicketPriority,
  TicketSource,
  TicketStatus,
  TicketType,
} from "./enums.js";
export type { DeviceSort } from "./devices.js";
export * from "./client-ticket-list.js";
