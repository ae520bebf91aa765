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
import { eq } from "drizzle-orm";
import type { Database, Tx } from "./client.js";
import { hashPassword } from "./password.js";
import {
  articleCompanies,
  articleRevisions,
  articles,
  auditLogs,
  cannedReplies,
  chatMessages,
  clients,
  devices,
  slaCalendar,
  satisfactionRatings,
  savedViews,
  DEFAULT_SLA_PLAN_ID,
  slaPlans,
  workTypes,
  taxCodes,
  slaPolicies,
  ticketComments,
  ticketDevices,
  tickets,
  users,
} from "./schema/index.js";
// The demo's tickets and devices are data, kept as JSON; the database's enums and seed.test.ts check them.
import { DEMO_ARTICLES } from "./demo/articles.js";
import demoDevices from "./demo/devices.json" with { type: "json" };
import demoTickets from "./demo/tickets.json" with { type: "json" };

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

/** The name of the plan every company follows unless given another (docs/decisions/0034-named-sla-plans.md). */
export const DEFAULT_SLA_PLAN_NAME = "Standard";

/**
 * The demo's second plan, which Birch Legal follows: a faster answer for a client who pays for it
 * (P1 answered within the hour, around the clock).
 */
const PRIORITY_PLAN = {
  name: "Priority",
  company: "Birch Legal",
  targets: [
    { priority: "P1", firstResponseMinutes: 60, resolutionMinutes: 4 * 60, businessHours: false },
    { priority: "P2", firstResponseMinutes: 2 * 60, resolutionMinutes: 6 * 60, businessHours: true },
    { priority: "P3", firstResponseMinutes: 4 * 60, resolutionMinutes: 2 * 8 * 60, businessHours: true },
    { priority: "P4", firstResponseMinutes: 8 * 60, resolutionMinutes: 4 * 8 * 60, businessHours: true },
  ],
} as const;

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

/** Canned replies (docs/architecture.md §18): two shared with all staff, one private to the agent. */
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

const TICKETS = demoTickets as SeedTicket[];
const DEVICES = demoDevices as SeedDevice[];

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

/** Seeds the default SLA plan and its policies always (idempotent) and the demo data when asked. */
export async function seedSlaPolicies(db: Database): Promise<void> {
  await db.insert(slaPlans).values({ id: DEFAULT_SLA_PLAN_ID, name: DEFAULT_SLA_PLAN_NAME }).onConflictDoNothing();
  await db
    .insert(slaPolicies)
    .values(DEFAULT_SLA_POLICIES.map((p) => ({ ...p, planId: DEFAULT_SLA_PLAN_ID })))
    .onConflictDoNothing();
  await db.insert(slaCalendar).values(DEFAULT_SLA_CALENDAR).onConflictDoNothing();
}

/** The work types a new install starts with (docs/features.md §10): admins rename, re-rate or archive them. */
export const DEFAULT_WORK_TYPES = [
  { name: "Remote support", defaultBillable: true, hourlyRateCents: 12_500, sortOrder: 1 },
  { name: "On-site", defaultBillable: true, hourlyRateCents: 15_000, sortOrder: 2 },
  { name: "Project", defaultBillable: true, hourlyRateCents: 14_000, sortOrder: 3 },
  { name: "Travel", defaultBillable: false, hourlyRateCents: 7_500, sortOrder: 4 },
  { name: "Internal", defaultBillable: false, hourlyRateCents: 0, sortOrder: 5 },
] as const;

/**
 * Seeds the default work types while there are none, at every start (not in a migration: a move or a
 * restore needs the migrated database empty). Once an admin keeps the list, it is theirs.
 */
export async function seedWorkTypes(db: Database): Promise<void> {
  const [any] = await db.select({ id: workTypes.id }).from(workTypes).limit(1);
  if (!any)
    await db
      .insert(workTypes)
      .values([...DEFAULT_WORK_TYPES])
      .onConflictDoNothing();
}

/** The tax codes a new install starts with (docs/decisions/0042-billing.md); Ontario's HST is the default. */
export const DEFAULT_TAX_CODES = [
  { name: "HST 13%", components: [{ label: "HST", rateMilliPercent: 13_000 }], isDefault: true, sortOrder: 1 },
  { name: "GST 5%", components: [{ label: "GST", rateMilliPercent: 5_000 }], isDefault: false, sortOrder: 2 },
  {
    name: "GST 5% + QST 9.975%",
    components: [
      { label: "GST", rateMilliPercent: 5_000 },
      { label: "QST", rateMilliPercent: 9_975 },
    ],
    isDefault: false,
    sortOrder: 3,
  },
  { name: "Exempt", components: [], isDefault: false, sortOrder: 4 },
];

/** Seeds the default tax codes while there are none, at every start, as the work types are. */
export async function seedTaxCodes(db: Database): Promise<void> {
  const [any] = await db.select({ id: taxCodes.id }).from(taxCodes).limit(1);
  if (!any) await db.insert(taxCodes).values(DEFAULT_TAX_CODES).onConflictDoNothing();
}

/** The demo's Priority plan, followed by its one company. */
async function insertPriorityPlan(tx: Tx, people: DemoPeople): Promise<void> {
  const [plan] = await tx.insert(slaPlans).values({ name: PRIORITY_PLAN.name }).returning();
  await tx.insert(slaPolicies).values(PRIORITY_PLAN.targets.map((t) => ({ ...t, planId: plan!.id })));
  await tx
    .update(clients)
    .set({ slaPlanId: plan!.id })
    .where(eq(clients.id, people.companyId(PRIORITY_PLAN.company)));
}

/** The demo's people, as the steps below name them. */
interface DemoPeople {
  companyId(name: string): string;
  admin: typeof users.$inferSelect;
  agent: typeof users.$inferSelect;
  /** The client account of a company. */
  clientOf(company: string): typeof users.$inferSelect;
}

async function insertPeople(tx: Tx, passwordHash: string): Promise<DemoPeople> {
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
  return {
    companyId,
    admin: user("admin@northwind.test"),
    agent: user("agent@northwind.test"),
    clientOf: (company) => user(company === "Acme Dental" ? "client@acme.test" : "client@birch.test"),
  };
}

/** One ticket with its creation in the audit log, its rating and its comments; its id. */
async function insertTicket(tx: Tx, people: DemoPeople, t: SeedTicket, now: Date): Promise<string> {
  const { admin, agent } = people;
  const createdAt = new Date(now.getTime() - t.ageHours * HOUR);
  const requester = people.clientOf(t.company);
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
      clientId: people.companyId(t.company),
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
  return ticket!.id;
}

/** The devices, and the tickets' links to the device each is about. */
async function insertDevices(
  tx: Tx,
  people: DemoPeople,
  ticketDevice: { ticketId: string; serial: string }[],
  now: Date,
): Promise<void> {
  const inserted = await tx
    .insert(devices)
    .values(
      DEVICES.map((d) => ({
        clientId: people.companyId(d.company),
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
}

/** A past exchange with the assistant, so the client's chat opens with history. */
async function insertChat(tx: Tx, people: DemoPeople, now: Date): Promise<void> {
  await tx.insert(chatMessages).values([
    {
      clientId: people.companyId("Acme Dental"),
      userId: people.clientOf("Acme Dental").id,
      role: "user",
      content: "How long does a security hardening sprint take?",
      createdAt: new Date(now.getTime() - 2 * DAY),
    },
    {
      clientId: people.companyId("Acme Dental"),
      role: "assistant",
      content:
        "The Security Hardening Sprint takes 5 business days: assessment on day 1, MFA and access controls on days 2-3, device encryption and local admin passwords on day 4, and testing, documentation and a 30-minute training session on day 5.",
      createdAt: new Date(now.getTime() - 2 * DAY + 2000),
    },
  ]);
}

/** The knowledge base's demo articles, each with its first revision, written by the agent. */
async function insertArticles(tx: Tx, people: DemoPeople, now: Date): Promise<void> {
  const authorId = people.agent.id;
  const rows = await tx
    .insert(articles)
    .values(
      DEMO_ARTICLES.map(({ companies: _, ...a }) => ({
        ...a,
        authorId,
        publishedAt: a.status === "published" ? new Date(now.getTime() - 30 * DAY) : null,
      })),
    )
    .returning({ id: articles.id, slug: articles.slug, title: articles.title, body: articles.body });
  await tx
    .insert(articleRevisions)
    .values(rows.map((r) => ({ articleId: r.id, number: 1, title: r.title, body: r.body, authorId })));
  const forCompanies = DEMO_ARTICLES.flatMap((a) =>
    (a.companies ?? []).map((company) => ({
      articleId: rows.find((r) => r.slug === a.slug)!.id,
      clientId: people.companyId(company),
    })),
  );
  await tx.insert(articleCompanies).values(forCompanies);
}

export async function seedDemo(db: Database, now = new Date()): Promise<SeedResult> {
  await seedSlaPolicies(db);
  await seedWorkTypes(db);
  await seedTaxCodes(db);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
    const people = await insertPeople(tx, passwordHash);
    await insertPriorityPlan(tx, people);
    const { admin, agent } = people;

    const ticketDevice: { ticketId: string; serial: string }[] = [];
    for (const t of TICKETS) {
      const ticketId = await insertTicket(tx, people, t, now);
      if (t.device) ticketDevice.push({ ticketId, serial: t.device });
    }

    await tx
      .insert(cannedReplies)
      .values(CANNED_REPLIES.map((r) => ({ ...r, authorId: r.author === "admin" ? admin.id : agent.id })));

    await insertDevices(tx, people, ticketDevice, now);
    await insertChat(tx, people, now);
    await insertArticles(tx, people, now);

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
