// Limits and defaults of docs/product-spec.md §9 that the schemas, the API and the screens share. The provider's
// promises and packages are page content: @repo/content.

export const TICKET_DEFAULTS = { priority: "P3", type: "REQUEST", status: "NEW" } as const;

export const MIN_LENGTHS = {
  ticketTitle: 5,
  ticketDescription: 20,
  publicRequesterName: 2,
  clientRequesterName: 1,
  password: 1,
  chatMessage: 1,
  serialNumber: 1,
} as const;

/** A new password's shortest length (ASVS 5.0 §6.2). */
export const PASSWORD_MIN = 8;
/** A ticket's tags: how many, and how long each may be. */
export const TICKET_TAG_LIMITS = { maxTags: 20, maxLength: 50 } as const;
export const TICKET_REFERENCE_LENGTH = 8;
export const STAFF_TICKET_PAGE_SIZE = 20;
export const METRICS_RANGE = "7d";
export const WARRANTY_EXPIRING_DAYS = 30;
/** complianceOk: encryption on and a check-in within this many days (docs/architecture.md). */
export const COMPLIANCE_CHECKIN_DAYS = 30;

/** Longest accepted value per kind of field: roomy for people, far from what would hurt a list or a mail. */
export const MAX_LENGTHS = {
  /** A person's name, first or last name, a device's assigned user. */
  name: 100,
  /** RFC 5321's limit for an address. */
  email: 254,
  /** ASVS 5.0 6.2.9 asks that at least 64 characters be allowed. */
  password: 256,
  title: 200,
  description: 10_000,
  comment: 20_000,
  chatMessage: 4000,
  /** A company name, phone, model, serial number, asset tag, location, tag, reference. */
  short: 200,
  /** An enquiry's message, a company's address or description, a device's notes. */
  long: 5000,
  search: 200,
  /** An id or a select's value. */
  id: 100,
} as const;

/** A passkey's name, as its owner types it. */
export const PASSKEY_NAME_MAX = 60;

/** The SLA's at-risk threshold: the percent of a target used, short of the whole. */
export const SLA_AT_RISK_PERCENT = { min: 1, max: 99 } as const;
