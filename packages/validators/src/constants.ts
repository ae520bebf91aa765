// Business constants and limits of spec section 9. Pages, the assistant and emails read them from here.

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
export const WS_RECONNECT_MS = 3000;
export const CLIENT_LOGIN_REDIRECT_MS = 200;
export const WARRANTY_EXPIRING_DAYS = 30;
/** complianceOk: encryption on and a check-in within this many days (DESIGN.md). */
export const COMPLIANCE_CHECKIN_DAYS = 30;

export const TOASTS = {
  limit: 1,
  durationMs: 5000,
  swipeThresholdPx: 50,
  focusHotkey: "F8",
  purgeAfterMs: 1_000_000,
  viewportMaxWidthPx: 420,
} as const;
export const TOOLTIP = { openDelayMs: 700, skipDelayMs: 300 } as const;

export const LAYOUT = { chatPanelHeightPx: 600, aboutHeroHeightPx: 300, messageRows: 5 } as const;

export const STORAGE_KEYS = { token: "auth_token", user: "user_data", authType: "auth_type" } as const;
export const AUTH_TYPES = { client: "client", admin: "admin" } as const;

export const COPYRIGHT_YEAR = 2025;

/** What the provider promises, in the words the pages and the assistant use. */
export const PROMISES = {
  replyWithin: "one business day",
  replyDays: "Mon-Fri",
  criticalResponse: "2 hours",
  emailIssueResponse: "2-4 hours",
  emailMigration: "1-2 weeks",
  teamSize: "3 to 30 people",
  experience: "over a decade",
} as const;

/** The fixed-scope packages of section 9, one source for service pages, /pricing and the assistant. */
export const PACKAGES = {
  "email-deliverability": {
    name: "Email Deliverability Optimization",
    duration: "48 hours",
    durationNote: "from access received",
    limits: ["14-day monitoring checklist", "15-minute intro call"],
  },
  "intune-fast-start": {
    name: "Identity & Device Fast Start",
    duration: "3 business days",
    durationNote: "from kickoff",
    limits: [
      "Up to 10 devices",
      "2 app deployments",
      "60-minute admin handoff",
      "Enrolment takes 15-30 minutes per device",
    ],
  },
  "cloud-migration-lite": {
    name: "Cloud Migration Lite",
    duration: "7 business days",
    durationNote: "from kickoff to hypercare",
    limits: ["Up to 20 users", "Typically 2-4 hours of email downtime at cutover", "1 business day of hypercare"],
  },
  "security-hardening-sprint": {
    name: "Security Hardening Sprint",
    duration: "5 business days",
    durationNote: "from kickoff",
    limits: ["30-minute live training session", "MFA enrolment takes 5-10 minutes per user"],
  },
} as const;

export const DEVICE_MANAGEMENT_TIMELINES = [
  { devices: "5-10 devices", time: "2-3 business days" },
  { devices: "10-25 devices", time: "1 week" },
  { devices: "25+ devices", time: "2 weeks" },
] as const;
export const DEVICE_MANAGEMENT_PLATFORMS = ["Windows 10/11", "macOS", "iOS", "Android"] as const;
