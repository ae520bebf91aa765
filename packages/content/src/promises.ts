// What the provider promises and sells (docs/product-spec.md §9): reply times, team size, the fixed-scope packages
// with their durations and limits. Pages, the assistant and emails read them from here.

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
