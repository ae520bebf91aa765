// The staff portal's screens and who may open each: one table for the web's menu, its route guards and
// the API test that the server refuses (403) every role the table leaves out, so that the three cannot
// disagree (docs/decisions/0025-one-table-of-staff-screens.md). The web reads storage for this
// (docs/product-spec.md §6); the server decides on every call.
import type { Role } from "./enums.js";

/** The roles that may sign in to the staff portal at all; a CLIENT is sent to /admin by the session check. */
export type StaffPortalRole = Exclude<Role, "CLIENT">;

export interface StaffScreen {
  /** The route's full path, as the web router declares it (`$id` for a parameter). */
  readonly path: string;
  /** The menu's label (docs/product-spec.md §2); a screen outside the menu names itself the same way. */
  readonly label: string;
  /** Who may open it; everyone else is sent to their landing screen. */
  readonly roles: readonly StaffPortalRole[];
  /**
   * The queries that load the screen's own data ("router.procedure"). Pickers shared with other screens
   * (the company select's clients.list on the Users screen) are left out: they follow those screens' roles.
   */
  readonly procedures: readonly string[];
  /**
   * Per query, the roles the server also answers although the web does not open the screen for them. Each
   * is a rule of its own: a VIEWER reads every staff query through the API (an owner's or an auditor's
   * read-only access; only writes are refused); a query the client portal shares answers a CLIENT within
   * its own company; the ticket form's pickers answer every staff role. The server test holds each query
   * to `roles` plus these, exactly.
   */
  readonly readers?: { readonly [procedure: string]: readonly Role[] };
  /** A screen reached from another one (a ticket) or from the header's name (the account), not the menu. */
  readonly nav?: false;
  /**
   * A billing screen: an AGENT among `roles` opens it only where the billing settings let agents see money
   * (docs/features.md §11). The server refuses an agent every money query otherwise; the web shows the link
   * only once `billing.settings` is answered.
   */
  readonly money?: true;
}

const STAFF = ["ADMIN", "AGENT"] as const;
const READERS = ["ADMIN", "AGENT", "VIEWER"] as const;
const ADMINS = ["ADMIN"] as const;

/** The given queries, each also read by `roles` (see `StaffScreen.readers`). */
const alsoRead = (roles: readonly Role[], ...procedures: string[]) =>
  Object.fromEntries(procedures.map((procedure) => [procedure, roles]));
/** A VIEWER reads every staff query through the API; the web opens only the reports and enquiries for it. */
const VIEWER: readonly Role[] = ["VIEWER"];

/** In menu order. */
export const STAFF_SCREENS = [
  {
    path: "/dashboard",
    label: "Dashboard",
    roles: STAFF,
    procedures: ["metrics.overview", "tickets.list", "views.list", "views.counts"],
    readers: alsoRead(VIEWER, "metrics.overview", "tickets.list", "views.list", "views.counts"),
  },
  {
    path: "/inventory",
    label: "Inventory",
    roles: STAFF,
    procedures: ["devices.page", "devices.metrics"],
    // The client portal's device inventory reads the same queries, within the client's own company.
    readers: alsoRead(["VIEWER", "CLIENT"], "devices.page", "devices.metrics"),
  },
  { path: "/enquiries", label: "Enquiries", roles: READERS, procedures: ["contact.enquiryPage", "metrics.cta"] },
  {
    path: "/mail",
    label: "Mail",
    roles: STAFF,
    procedures: ["mail.page", "mailIn.received"],
    readers: alsoRead(VIEWER, "mail.page", "mailIn.received"),
  },
  // Mails mail in could not parse or store: an ADMIN's alone (raw mail from anyone), reached from /mail.
  {
    path: "/mail/quarantine",
    label: "Quarantined mail",
    roles: ADMINS,
    procedures: ["mailIn.quarantined"],
    nav: false,
  },
  { path: "/reports", label: "Reports", roles: READERS, procedures: ["reports.summary"] },
  {
    path: "/settings/sla",
    label: "SLA",
    roles: STAFF,
    procedures: ["sla.policy"],
    readers: alsoRead(VIEWER, "sla.policy"),
  },
  {
    path: "/canned-replies",
    label: "Canned Replies",
    roles: STAFF,
    procedures: ["cannedReplies.list"],
    readers: alsoRead(VIEWER, "cannedReplies.list"),
  },
  // The people and company lists are also the ticket form's pickers (requester search, assignee and client
  // selects), so every staff role reads them; only an ADMIN opens the screens that change them. The
  // security settings are an ADMIN's alone.
  {
    path: "/users",
    label: "Users",
    roles: ADMINS,
    procedures: ["users.page", "settings.security"],
    readers: alsoRead(["AGENT", "VIEWER"], "users.page"),
  },
  {
    path: "/clients",
    label: "Clients",
    roles: ADMINS,
    procedures: ["clients.list", "users.list"],
    readers: alsoRead(["AGENT", "VIEWER"], "clients.list", "users.list"),
  },
  {
    path: "/tickets/$id",
    label: "Ticket",
    roles: STAFF,
    procedures: ["tickets.get", "tickets.commentPage", "tickets.history"],
    readers: alsoRead(VIEWER, "tickets.get", "tickets.commentPage", "tickets.history"),
    nav: false,
  },
  // Billing (docs/features.md §11), reached from the account page as the timesheet is (the menu has no room
  // left at 1200 px), its screens linked to one another.
  {
    path: "/billing",
    label: "Billing",
    roles: READERS,
    procedures: ["billing.invoices", "billing.settings"],
    money: true,
    nav: false,
  },
  {
    path: "/billing/run",
    label: "Billing run",
    roles: READERS,
    procedures: ["billing.month"],
    money: true,
    nav: false,
  },
  {
    path: "/billing/agreements",
    label: "Agreements",
    roles: READERS,
    procedures: ["billing.agreements"],
    money: true,
    nav: false,
  },
  // Screens of one row: the row's own query is held to the same roles in routers/billing.test.ts.
  {
    path: "/billing/agreements/$id",
    label: "Agreement",
    roles: READERS,
    procedures: ["billing.catalogue"],
    money: true,
    nav: false,
  },
  {
    path: "/billing/invoices/$id",
    label: "Invoice",
    roles: READERS,
    procedures: ["billing.catalogue"],
    money: true,
    nav: false,
  },
  {
    path: "/billing/settings",
    label: "Billing settings",
    roles: READERS,
    procedures: ["billing.catalogue", "billing.taxCodes", "billing.settings"],
    money: true,
    nav: false,
  },
  // API keys and how alerts are handled, an ADMIN's alone: reached from the account page's "Integrations
  // and automation" links.
  {
    path: "/settings/api-keys",
    label: "API keys",
    roles: ["ADMIN"],
    procedures: ["apiKeys.list", "alerts.settings"],
    nav: false,
  },
  // A person's week of time, reached from the ticket page's timer and the account page (not the menu).
  {
    path: "/time",
    label: "Timesheet",
    roles: READERS,
    procedures: ["time.timesheet", "time.workTypes"],
    nav: false,
  },
  // The time settings and work types, an ADMIN's alone: reached from the SLA policy and the timesheet. Every
  // staff role reads both queries (the timesheet's forms and the drafts use them).
  {
    path: "/settings/time",
    label: "Time settings",
    roles: ADMINS,
    procedures: ["time.settings", "time.workTypes"],
    readers: alsoRead(["AGENT", "VIEWER"], "time.settings", "time.workTypes"),
    nav: false,
  },
  // Automation rules, an ADMIN's alone (they act on every company's tickets): reached from the account
  // page's "Integrations and automation" links.
  {
    path: "/automation/rules",
    label: "Automation rules",
    roles: ADMINS,
    procedures: ["automation.rules"],
    nav: false,
  },
  // Outbound webhooks (docs/features.md §14): an ADMIN's alone, reached from the account page.
  {
    path: "/settings/webhooks",
    label: "Webhooks",
    roles: ADMINS,
    procedures: ["webhooks.list", "webhooks.settings"],
    nav: false,
  },
  // Recurring tickets (docs/features.md §16), an ADMIN's screen reached from the account page's
  // "Integrations and automation" links; every staff role reads the schedules through the API.
  {
    path: "/automation/recurring",
    label: "Recurring tickets",
    roles: ADMINS,
    procedures: ["recurring.list"],
    readers: alsoRead(["AGENT", "VIEWER"], "recurring.list"),
    nav: false,
  },
  // The check-in thresholds (docs/features.md §12), an ADMIN's alone: reached from /inventory and /settings/sla.
  {
    path: "/settings/checkin",
    label: "Check-in settings",
    roles: ADMINS,
    procedures: ["settings.checkin"],
    nav: false,
  },
  // Service incidents (docs/features.md §18), reached from the account page and the ticket page: ADMIN and
  // AGENT declare and update, a VIEWER reads. The client portal reads the same list and incident, within
  // its own company; the services are an ADMIN's to change, everyone's to read.
  {
    path: "/incidents",
    label: "Incidents",
    roles: READERS,
    procedures: ["incidents.list", "incidents.services"],
    readers: alsoRead(["CLIENT"], "incidents.list", "incidents.services"),
    nav: false,
  },
  {
    path: "/incidents/$id",
    label: "Incident",
    roles: READERS,
    procedures: ["incidents.get", "incidents.suggestedTickets"],
    readers: alsoRead(["CLIENT"], "incidents.get"),
    nav: false,
  },
  {
    path: "/settings/services",
    label: "Managed services",
    roles: ADMINS,
    procedures: ["incidents.services"],
    readers: alsoRead(["AGENT", "VIEWER", "CLIENT"], "incidents.services"),
    nav: false,
  },
  // The knowledge base (docs/features.md §17), reached from the account page and the ticket page: ADMIN and
  // AGENT write, a VIEWER reads. The list is the readers' search (staff read every article), so it names no
  // staff query of its own.
  {
    path: "/knowledge",
    label: "Knowledge base",
    roles: READERS,
    procedures: [],
    nav: false,
  },
  {
    path: "/knowledge/$id",
    label: "Article",
    roles: READERS,
    procedures: ["knowledge.get", "knowledge.revisions"],
    nav: false,
  },
  // The website's content (docs/features.md §20), reached from the account page: ADMIN and AGENT edit the
  // draft, an ADMIN publishes, a VIEWER reads.
  {
    path: "/settings/website",
    label: "Website",
    roles: READERS,
    procedures: ["siteContent.state", "siteContent.revisions"],
    nav: false,
  },
  {
    path: "/account",
    label: "My account",
    roles: READERS,
    procedures: ["account.sessions", "account.passkeys", "account.secondFactor"],
    // The client portal's /client/account reads the same queries, each person their own.
    readers: alsoRead(["CLIENT"], "account.sessions", "account.passkeys", "account.secondFactor"),
    nav: false,
  },
] as const satisfies readonly StaffScreen[];

type Screen = (typeof STAFF_SCREENS)[number];
export type StaffScreenPath = Screen["path"];
/** A screen of the menu. */
export type StaffNavScreen = Exclude<Screen, { nav: false }>;

/**
 * The roles the server answers on `procedure` of `screen`: those that open it, and its other readers. An
 * AGENT reads a money screen only while `agentsSeeMoney` is on (off by default).
 */
export function staffScreenReaders(screen: StaffScreen, procedure: string, agentsSeeMoney = false): readonly Role[] {
  const roles = [...screen.roles, ...(screen.readers?.[procedure] ?? [])];
  return screen.money && !agentsSeeMoney ? roles.filter((role) => role !== "AGENT") : roles;
}

/** The screen whose route matches `pathname` ("/tickets/new" is the ticket screen), if any. */
export function staffScreenAt(pathname: string): Screen | undefined {
  const segments = pathname.split("/");
  return STAFF_SCREENS.find((screen) => {
    const pattern = screen.path.split("/");
    return (
      pattern.length === segments.length &&
      pattern.every((part, i) => (part.startsWith("$") ? segments[i] !== "" : part === segments[i]))
    );
  });
}

/** Whether `role` may open the screen at `pathname`; a path that is no staff screen is nobody's. */
export function mayOpenStaffScreen(role: Role, pathname: string): boolean {
  return (staffScreenAt(pathname)?.roles as readonly Role[] | undefined)?.includes(role) ?? false;
}

/** The menu `role` sees: the screens it may open that the menu lists, in order. */
export function staffNavScreensFor(role: Role): StaffNavScreen[] {
  return STAFF_SCREENS.filter(
    (screen): screen is StaffNavScreen => !("nav" in screen) && (screen.roles as readonly Role[]).includes(role),
  );
}
