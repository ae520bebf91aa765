// Demo data (docs/architecture.md, "Demo seed"): staff, two client companies, tickets in every status and priority
// with comments and ratings, devices of every type and status, and canned replies. Applied on an empty
// database outside production.
import {
  type DevicePlatform,
  type DeviceStatus,
  type DeviceType,
  FINISHED_STATUSES,
  PAUSED_STATUSES,
  type SatisfactionRating,
  type TicketPriority,
  type TicketStatus,
  type TicketType,
} from "@repo/validators";
import type { Database } from "./client.js";
import { hashPassword } from "./password.js";
import {
  auditLogs,
  cannedReplies,
  chatMessages,
  clients,
  devices,
  slaCalendar,
  satisfactionRatings,
  savedViews,
  slaPolicies,
  ticketComments,
  ticketDevices,
  tickets,
  users,
} from "./schema/index.js";

export const DEMO_PASSWORD = "demo-password";

export const DEMO_ACCOUNTS = [
  { email: "admin@northwind.test", name: "Alex Morgan", role: "ADMIN", company: null },
  { email: "agent@northwind.test", name: "Sam Patel", role: "AGENT", company: null },
  { email: "viewer@northwind.test", name: "Riley Chen", role: "VIEWER", company: null },
  { email: "client@acme.test", name: "Dana Whitfield", role: "CLIENT", company: "Acme Dental" },
  { email: "client@birch.test", name: "Jordan Birch", role: "CLIENT", company: "Birch Legal" },
] as const;

/** docs/architecture.md, "SLA": P1 2 h / 8 h around the clock; the others in business hours. */
export const DEFAULT_SLA_POLICIES = [
  { priority: "P1", firstResponseMinutes: 2 * 60, resolutionMinutes: 8 * 60, businessHours: false },
  { priority: "P2", firstResponseMinutes: 4 * 60, resolutionMinutes: 8 * 60, businessHours: true },
  { priority: "P3", firstResponseMinutes: 8 * 60, resolutionMinutes: 3 * 8 * 60, businessHours: true },
  { priority: "P4", firstResponseMinutes: 2 * 8 * 60, resolutionMinutes: 5 * 8 * 60, businessHours: true },
] as const;

/**
 * docs/architecture.md §9: the business-hours calendar of a new install, Mon-Fri 09:00-17:00 in Toronto,
 * with Ontario's statutory holidays (Employment Standards Act) for 2026 and 2027. An admin edits it at
 * /settings/sla; a holiday on a weekend changes nothing, so none is moved to a weekday here.
 */
export const DEFAULT_SLA_CALENDAR = {
  timeZone: "America/Toronto",
  workDays: [1, 2, 3, 4, 5],
  openMinutes: 9 * 60,
  closeMinutes: 17 * 60,
  atRiskPercent: 75,
  holidays: [
    { date: "2026-01-01", name: "New Year's Day" },
    { date: "2026-02-16", name: "Family Day" },
    { date: "2026-04-03", name: "Good Friday" },
    { date: "2026-05-18", name: "Victoria Day" },
    { date: "2026-07-01", name: "Canada Day" },
    { date: "2026-09-07", name: "Labour Day" },
    { date: "2026-10-12", name: "Thanksgiving Day" },
    { date: "2026-12-25", name: "Christmas Day" },
    { date: "2026-12-26", name: "Boxing Day" },
    { date: "2027-01-01", name: "New Year's Day" },
    { date: "2027-02-15", name: "Family Day" },
    { date: "2027-03-26", name: "Good Friday" },
    { date: "2027-05-24", name: "Victoria Day" },
    { date: "2027-07-01", name: "Canada Day" },
    { date: "2027-09-06", name: "Labour Day" },
    { date: "2027-10-11", name: "Thanksgiving Day" },
    { date: "2027-12-25", name: "Christmas Day" },
    { date: "2027-12-26", name: "Boxing Day" },
  ],
};

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

interface SeedTicket {
  company: "Acme Dental" | "Birch Legal";
  title: string;
  description: string;
  type: TicketType;
  priority: TicketPriority;
  status: TicketStatus;
  ageHours: number;
  assignee?: "agent" | "admin";
  tags?: string[];
  comments?: { by: "client" | "agent" | "admin"; content: string; internal?: boolean; afterHours: number }[];
  /** The requester's satisfaction rating, an hour after the resolution (a finished ticket only). */
  rating?: { rating: SatisfactionRating; comment?: string };
  /** The serial number of the company's device the ticket is about (the reports' top devices). */
  device?: string;
}

/** Canned replies (issue 15): two shared with all staff, one private to the agent. */
const CANNED_REPLIES: { title: string; body: string; shared: boolean; author: "admin" | "agent" }[] = [
  {
    title: "Resolved: please confirm",
    body: "Hi {{requester.firstName}},\n\nWe believe {{ticket.reference}} is fixed. If anything still looks wrong, just reply and we will pick it up again.\n\n{{agent.name}}",
    shared: true,
    author: "admin",
  },
  {
    title: "Need a time for a remote session",
    body: "Hi {{requester.firstName}},\n\nTo look at {{ticket.reference}} we need a remote session of about 20 minutes. Which time suits you today or tomorrow?\n\n{{agent.name}}",
    shared: true,
    author: "agent",
  },
  {
    title: "Password reset done",
    body: "Hi {{requester.firstName}},\n\nThe password is reset. You will be asked to choose a new one at the next sign-in.\n\n{{agent.name}}",
    shared: false,
    author: "agent",
  },
];

const TICKETS: SeedTicket[] = [
  {
    company: "Acme Dental",
    title: "Front desk printer jams on every second page",
    description:
      "The Brother laser printer at reception jams on every second page since Monday. We have cleared the tray twice and restarted it.",
    type: "INCIDENT",
    priority: "P3",
    status: "NEW",
    ageHours: 3,
    tags: ["printer", "reception"],
  },
  {
    company: "Acme Dental",
    title: "Email not syncing on the hygienists' iPads",
    device: "ACME-TB-0005",
    description:
      "Three iPads used by the hygienists stopped syncing email this morning. Webmail works fine on the desktops.",
    type: "INCIDENT",
    priority: "P2",
    status: "TRIAGED",
    ageHours: 20,
    assignee: "agent",
    comments: [
      { by: "agent", content: "Thanks Dana, we can reproduce it. Looking at the device profiles now.", afterHours: 1 },
      {
        by: "agent",
        content: "Profile pushed Friday carries the old mail server name.",
        internal: true,
        afterHours: 2,
      },
    ],
  },
  {
    company: "Acme Dental",
    title: "Practice management server is down",
    device: "ACME-SV-0010",
    description:
      "Nobody can open the patient scheduling software. The server in the back office shows a blue screen after restart.",
    type: "INCIDENT",
    priority: "P1",
    status: "IN_PROGRESS",
    ageHours: 5,
    assignee: "admin",
    tags: ["server", "outage"],
    comments: [
      { by: "admin", content: "On it. Remoting in to the server's management console now.", afterHours: 0.3 },
      { by: "client", content: "Thank you, patients are arriving at 10, please keep us posted.", afterHours: 0.5 },
    ],
  },
  {
    company: "Acme Dental",
    title: "New laptop for incoming office manager",
    description:
      "Our new office manager starts on the 1st of next month. Please prepare a laptop with the usual software and an email account.",
    type: "REQUEST",
    priority: "P4",
    status: "WAITING_CUSTOMER",
    ageHours: 72,
    assignee: "agent",
    comments: [
      {
        by: "agent",
        content: "Happy to. Could you confirm the new manager's full name and start date?",
        afterHours: 4,
      },
    ],
  },
  {
    company: "Acme Dental",
    title: "Quarterly backup restore test",
    description:
      "Scheduled quarterly test: restore last night's backup of the shared drive to the sandbox and confirm the files open.",
    type: "TASK",
    priority: "P3",
    status: "RESOLVED",
    ageHours: 240,
    assignee: "agent",
    comments: [
      { by: "agent", content: "Restore completed in 42 minutes; all sampled files open correctly.", afterHours: 30 },
    ],
  },
  {
    company: "Acme Dental",
    title: "Wi-Fi password change for the guest network",
    description:
      "Please rotate the guest Wi-Fi password in the waiting room and send us a printable sign with the new one.",
    type: "REQUEST",
    priority: "P4",
    status: "CLOSED",
    ageHours: 400,
    assignee: "agent",
    rating: { rating: "good" },
  },
  {
    company: "Birch Legal",
    title: "Document management add-in crashes Word",
    device: "BIRCH-DT-0004",
    description:
      "Since this morning's update, Word closes as soon as the document management add-in loads, on at least four PCs.",
    type: "INCIDENT",
    priority: "P2",
    status: "IN_PROGRESS",
    ageHours: 10,
    assignee: "agent",
    tags: ["office", "add-in"],
    comments: [
      { by: "agent", content: "We are rolling the update back on one PC to confirm the cause.", afterHours: 1 },
    ],
  },
  {
    company: "Birch Legal",
    title: "Set up MFA for the two new associates",
    description:
      "Two associates join next week. Please create their accounts and walk them through MFA enrolment on their phones.",
    type: "REQUEST",
    priority: "P3",
    status: "ON_HOLD",
    ageHours: 50,
    assignee: "admin",
    comments: [{ by: "admin", content: "On hold until the associates' start date is confirmed by HR.", afterHours: 3 }],
  },
  {
    company: "Birch Legal",
    title: "VPN disconnects every few minutes",
    device: "BIRCH-LT-0001",
    description:
      "Working from home, the VPN drops every five to ten minutes and I lose my connection to the file server.",
    type: "INCIDENT",
    priority: "P1",
    status: "NEW",
    ageHours: 1,
  },
  {
    company: "Birch Legal",
    title: "Renew the SSL certificate for the client portal",
    description:
      "Our client document portal certificate expires at the end of the month. Please renew and install it before then.",
    type: "TASK",
    priority: "P2",
    status: "TRIAGED",
    ageHours: 30,
    assignee: "agent",
  },
  {
    company: "Birch Legal",
    title: "Scanner saves files to the wrong folder",
    description:
      "The reception scanner started saving PDFs into the old Scans folder instead of the new matter folders share.",
    type: "INCIDENT",
    priority: "P4",
    status: "RESOLVED",
    ageHours: 120,
    assignee: "agent",
    comments: [
      {
        by: "agent",
        content: "Scan profile updated to the new share path; please test and let us know.",
        afterHours: 20,
      },
    ],
    rating: { rating: "good", comment: "Fixed the same day, thank you!" },
  },
  {
    company: "Birch Legal",
    title: "Archive the mailbox of a departed paralegal",
    description:
      "Please archive and convert the mailbox of our former paralegal to a shared mailbox for the partners to review.",
    type: "TASK",
    priority: "P3",
    status: "CLOSED",
    ageHours: 500,
    assignee: "admin",
    rating: { rating: "bad", comment: "It took a few reminders before anyone picked this up." },
  },
];

interface SeedDevice {
  company: "Acme Dental" | "Birch Legal";
  assignedUser: string | null;
  email: string | null;
  deviceType: DeviceType;
  platform: DevicePlatform;
  model: string;
  serial: string;
  status: DeviceStatus;
  location: string;
  /** Days from now (negative: past). */
  warrantyDays: number;
  checkInDaysAgo: number | null;
  encrypted: boolean;
  notes?: string;
}

const D = (
  company: SeedDevice["company"],
  assignedUser: string | null,
  deviceType: SeedDevice["deviceType"],
  platform: SeedDevice["platform"],
  model: string,
  serial: string,
  status: SeedDevice["status"],
  location: string,
  warrantyDays: number,
  checkInDaysAgo: number | null,
  encrypted: boolean,
  notes?: string,
): SeedDevice => ({
  company,
  assignedUser,
  email: assignedUser
    ? `${assignedUser.split(" ")[0]!.toLowerCase()}@${company === "Acme Dental" ? "acme" : "birch"}.test`
    : null,
  deviceType,
  platform,
  model,
  serial,
  status,
  location,
  warrantyDays,
  checkInDaysAgo,
  encrypted,
  notes,
});

const DEVICES: SeedDevice[] = [
  D(
    "Acme Dental",
    "Dana Whitfield",
    "laptop",
    "Windows",
    "Dell Latitude 5440",
    "ACME-LT-0001",
    "IN_USE",
    "Front office",
    400,
    1,
    true,
  ),
  D(
    "Acme Dental",
    "Priya Nair",
    "laptop",
    "macOS",
    "MacBook Air M2",
    "ACME-LT-0002",
    "IN_USE",
    "Hygiene room 1",
    20,
    2,
    true,
  ),
  D(
    "Acme Dental",
    "Tom Keller",
    "desktop",
    "Windows",
    "HP EliteDesk 800 G6",
    "ACME-DT-0003",
    "IN_USE",
    "Reception",
    -15,
    3,
    false,
    "BitLocker pending",
  ),
  D(
    "Acme Dental",
    "Reception",
    "desktop",
    "Windows",
    "Lenovo ThinkCentre M70q",
    "ACME-DT-0004",
    "IN_USE",
    "Reception",
    700,
    0,
    true,
  ),
  D(
    "Acme Dental",
    "Priya Nair",
    "tablet",
    "iOS",
    "iPad 10th gen",
    "ACME-TB-0005",
    "IN_USE",
    "Hygiene room 1",
    180,
    45,
    true,
    "Not checked in since the iOS update",
  ),
  D(
    "Acme Dental",
    "Marco Silva",
    "tablet",
    "iOS",
    "iPad 10th gen",
    "ACME-TB-0006",
    "IN_USE",
    "Hygiene room 2",
    180,
    1,
    true,
  ),
  D("Acme Dental", "Dana Whitfield", "phone", "iOS", "iPhone 14", "ACME-PH-0007", "IN_USE", "Mobile", 10, 1, true),
  D(
    "Acme Dental",
    null,
    "laptop",
    "Windows",
    "Dell Latitude 5440",
    "ACME-LT-0008",
    "SPARE",
    "IT closet",
    500,
    12,
    true,
  ),
  D("Acme Dental", null, "phone", "Android", "Pixel 8", "ACME-PH-0009", "SPARE", "IT closet", 300, 20, true),
  D(
    "Acme Dental",
    "Practice server",
    "server",
    "Windows",
    "Dell PowerEdge T150",
    "ACME-SV-0010",
    "IN_REPAIR",
    "Back office",
    90,
    2,
    true,
    "Blue screen on boot; RAID card replaced",
  ),
  D(
    "Acme Dental",
    null,
    "desktop",
    "Windows",
    "HP ProDesk 400 G4",
    "ACME-DT-0011",
    "RETIRED",
    "Storage",
    -400,
    null,
    false,
    "Wiped and retired",
  ),
  D(
    "Acme Dental",
    "Tom Keller",
    "phone",
    "Android",
    "Samsung Galaxy A54",
    "ACME-PH-0012",
    "IN_USE",
    "Mobile",
    25,
    6,
    false,
  ),
  D(
    "Birch Legal",
    "Jordan Birch",
    "laptop",
    "macOS",
    "MacBook Pro 14",
    "BIRCH-LT-0001",
    "IN_USE",
    "Partner office",
    600,
    1,
    true,
  ),
  D(
    "Birch Legal",
    "Elena Ruiz",
    "laptop",
    "Windows",
    "Lenovo ThinkPad T14",
    "BIRCH-LT-0002",
    "IN_USE",
    "Associates",
    5,
    2,
    true,
  ),
  D(
    "Birch Legal",
    "Omar Haddad",
    "laptop",
    "Windows",
    "Lenovo ThinkPad T14",
    "BIRCH-LT-0003",
    "IN_USE",
    "Associates",
    365,
    40,
    true,
    "On leave",
  ),
  D(
    "Birch Legal",
    "Reception",
    "desktop",
    "Windows",
    "Dell OptiPlex 7010",
    "BIRCH-DT-0004",
    "IN_USE",
    "Reception",
    -30,
    1,
    true,
  ),
  D(
    "Birch Legal",
    "File server",
    "server",
    "Linux",
    "Synology RS822+",
    "BIRCH-SV-0005",
    "IN_USE",
    "Server room",
    800,
    0,
    true,
  ),
  D("Birch Legal", "Jordan Birch", "phone", "iOS", "iPhone 15", "BIRCH-PH-0006", "IN_USE", "Mobile", 700, 1, true),
  D(
    "Birch Legal",
    "Elena Ruiz",
    "tablet",
    "Android",
    "Galaxy Tab S9",
    "BIRCH-TB-0007",
    "IN_REPAIR",
    "Repair depot",
    200,
    9,
    false,
    "Cracked screen",
  ),
  D(
    "Birch Legal",
    null,
    "laptop",
    "ChromeOS",
    "Acer Chromebook 514",
    "BIRCH-LT-0008",
    "SPARE",
    "Storage",
    28,
    15,
    true,
  ),
  D(
    "Birch Legal",
    null,
    "desktop",
    "Windows",
    "Dell OptiPlex 3050",
    "BIRCH-DT-0009",
    "RETIRED",
    "Storage",
    -700,
    null,
    false,
  ),
  D(
    "Birch Legal",
    "Library kiosk",
    "desktop",
    "Linux",
    "Intel NUC 13",
    "BIRCH-DT-0010",
    "IN_USE",
    "Library",
    250,
    3,
    false,
  ),
];

const COMPANIES = [
  {
    name: "Acme Dental",
    contactEmail: "office@acme.test",
    contactPhone: "+1 (416) 555-0188",
    address: "120 Queen St W, Toronto, ON M5H 2N2",
    description: "Family dental practice with 12 staff across two floors.",
  },
  {
    name: "Birch Legal",
    contactEmail: "admin@birch.test",
    contactPhone: null,
    address: null,
    description: null,
  },
] as const;

const isoDate = (d: Date) => d.toISOString().slice(0, 10);

export interface SeedResult {
  accounts: { email: string; role: string; company: string | null }[];
}

/** Seeds SLA policies always (idempotent) and the demo data when asked. */
export async function seedSlaPolicies(db: Database): Promise<void> {
  await db
    .insert(slaPolicies)
    .values([...DEFAULT_SLA_POLICIES])
    .onConflictDoNothing();
  await db.insert(slaCalendar).values(DEFAULT_SLA_CALENDAR).onConflictDoNothing();
}

export async function seedDemo(db: Database, now = new Date()): Promise<SeedResult> {
  await seedSlaPolicies(db);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
    const companyRows = await tx
      .insert(clients)
      .values([...COMPANIES])
      .returning();
    const companyId = (name: string) => companyRows.find((c) => c.name === name)!.id;

    const userRows = await tx
      .insert(users)
      .values(
        DEMO_ACCOUNTS.map((a) => ({
          email: a.email,
          name: a.name,
          role: a.role,
          passwordHash,
          clientId: a.company ? companyId(a.company) : null,
        })),
      )
      .returning();
    const user = (email: string) => userRows.find((u) => u.email === email)!;
    const admin = user("admin@northwind.test");
    const agent = user("agent@northwind.test");
    const clientOf = (company: string) => user(company === "Acme Dental" ? "client@acme.test" : "client@birch.test");

    const ticketDevice: { ticketId: string; serial: string }[] = [];
    for (const t of TICKETS) {
      const createdAt = new Date(now.getTime() - t.ageHours * HOUR);
      const requester = clientOf(t.company);
      const finished = FINISHED_STATUSES.includes(t.status);
      const [ticket] = await tx
        .insert(tickets)
        .values({
          title: t.title,
          description: t.description,
          type: t.type,
          priority: t.priority,
          status: t.status,
          requesterName: requester.name,
          requesterEmail: requester.email,
          clientId: companyId(t.company),
          assigneeId: t.assignee === "admin" ? admin.id : t.assignee === "agent" ? agent.id : null,
          tags: t.tags ?? [],
          source: "client",
          createdAt,
          updatedAt: new Date(createdAt.getTime() + Math.min(t.ageHours / 2, 24) * HOUR),
          firstResponseAt: t.status === "NEW" ? null : new Date(createdAt.getTime() + 0.5 * HOUR),
          resolvedAt: finished ? new Date(createdAt.getTime() + (t.ageHours / 2) * HOUR) : null,
          closedAt: t.status === "CLOSED" ? new Date(createdAt.getTime() + t.ageHours * 0.75 * HOUR) : null,
          pausedAt: PAUSED_STATUSES.includes(t.status) ? new Date(createdAt.getTime() + 4 * HOUR) : null,
        })
        .returning();
      if (t.device) ticketDevice.push({ ticketId: ticket!.id, serial: t.device });
      await tx.insert(auditLogs).values({
        ticketId: ticket!.id,
        actorId: requester.id,
        actorName: requester.name,
        action: "ticket.created",
        createdAt,
      });
      if (t.rating && ticket!.resolvedAt) {
        await tx.insert(satisfactionRatings).values({
          ticketId: ticket!.id,
          clientId: ticket!.clientId,
          agentId: ticket!.assigneeId,
          rating: t.rating.rating,
          comment: t.rating.comment ?? null,
          source: "email",
          ratedAt: new Date(ticket!.resolvedAt.getTime() + HOUR),
        });
      }
      for (const c of t.comments ?? []) {
        const author = c.by === "client" ? requester : c.by === "admin" ? admin : agent;
        await tx.insert(ticketComments).values({
          ticketId: ticket!.id,
          authorId: author.id,
          authorName: author.name,
          content: c.content,
          internal: c.internal ?? false,
          createdAt: new Date(createdAt.getTime() + c.afterHours * HOUR),
        });
      }
    }

    await tx
      .insert(cannedReplies)
      .values(CANNED_REPLIES.map((r) => ({ ...r, authorId: r.author === "admin" ? admin.id : agent.id })));

    const inserted = await tx
      .insert(devices)
      .values(
        DEVICES.map((d) => ({
          clientId: companyId(d.company),
          assignedUser: d.assignedUser,
          email: d.email,
          deviceType: d.deviceType,
          platform: d.platform,
          model: d.model,
          serialNumber: d.serial,
          assetTag: d.serial.replace(/^(\w+)-\w+-/, "$1-"),
          status: d.status,
          location: d.location,
          purchaseDate: isoDate(new Date(now.getTime() + (d.warrantyDays - 3 * 365) * DAY)),
          warrantyExpiry: isoDate(new Date(now.getTime() + d.warrantyDays * DAY)),
          lastCheckIn: d.checkInDaysAgo === null ? null : new Date(now.getTime() - d.checkInDaysAgo * DAY),
          encryptionEnabled: d.encrypted,
          notes: d.notes ?? null,
        })),
      )
      .returning({ id: devices.id, serial: devices.serialNumber });
    const deviceIds = new Map(inserted.map((d) => [d.serial, d.id]));
    if (ticketDevice.length > 0) {
      await tx
        .insert(ticketDevices)
        .values(ticketDevice.map((link) => ({ ticketId: link.ticketId, deviceId: deviceIds.get(link.serial)! })));
    }

    await tx.insert(chatMessages).values([
      {
        clientId: companyId("Acme Dental"),
        userId: clientOf("Acme Dental").id,
        role: "user",
        content: "How long does a security hardening sprint take?",
        createdAt: new Date(now.getTime() - 2 * DAY),
      },
      {
        clientId: companyId("Acme Dental"),
        role: "assistant",
        content:
          "The Security Hardening Sprint takes 5 business days: assessment on day 1, MFA and access controls on days 2-3, device encryption and local admin passwords on day 4, and testing, documentation and a 30-minute training session on day 5.",
        createdAt: new Date(now.getTime() - 2 * DAY + 2000),
      },
    ]);

    // A shared saved view, so the agent desk's side list shows what a saved view is (docs/architecture.md §18).
    await tx.insert(savedViews).values({
      ownerId: agent.id,
      name: "Urgent and unassigned",
      shared: true,
      filters: { view: "unassigned", priority: "P1", sort: "sla" },
    });

    return {
      accounts: DEMO_ACCOUNTS.map((a) => ({ email: a.email, role: a.role, company: a.company })),
    };
  });
}
