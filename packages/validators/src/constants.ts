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

export const TICKET_REFERENCE_LENGTH = 8;
export const STAFF_TICKET_PAGE_SIZE = 20;
export const METRICS_RANGE = "7d";
export const WARRANTY_EXPIRING_DAYS = 30;
/** complianceOk: encryption on and a check-in within this many days (docs/architecture.md). */
export const COMPLIANCE_CHECKIN_DAYS = 30;
