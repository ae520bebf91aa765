// Billing reports (docs/features.md §11), for whoever sees money: monthly recurring revenue (what the
// active agreements bill each month at today's counts), revenue by company over a range of months
// (approved invoices less credit notes, before tax), approved billable time not yet invoiced, hours sold
// against hours burnt per prepaid block, and receivables by age. Every figure is integer cents or minutes.
import { isoDay } from "@repo/content";
import {
  agreementLines,
  agreements,
  and,
  asc,
  between,
  catalogueItems,
  clients,
  devices,
  eq,
  gte,
  invoices,
  isNotNull,
  isNull,
  lte,
  or,
  prepaidBlocks,
  sql,
  timeEntries,
  users,
  workTypes,
  type DbExecutor,
} from "@repo/db";
import { monthBounds } from "@repo/validators";
import { blocksOf } from "./blocks.js";
import { balanceOf } from "./invoices.js";

const AGING_BUCKETS = ["current", "1-30", "31-60", "61-90", "90+"] as const;
type AgingBucket = (typeof AGING_BUCKETS)[number];

const daysBetween = (from: string, to: string) =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;

export function agingBucket(dueDate: string, today: string): AgingBucket {
  const late = daysBetween(dueDate, today);
  if (late <= 0) return "current";
  if (late <= 30) return "1-30";
  if (late <= 60) return "31-60";
  if (late <= 90) return "61-90";
  return "90+";
}

/** What each active agreement's recurring lines bill a month at today's counts, by company. */
async function recurringRevenue(db: DbExecutor, today: string) {
  const activeUsers = sql<number>`(select count(*)::int from ${users} u where u.client_id = ${agreements.clientId}
    and u.role = 'CLIENT' and u.active)`;
  const devicesInUse = sql<number>`(select count(*)::int from ${devices} d where d.client_id = ${agreements.clientId}
    and d.status = 'IN_USE')`;
  const rows = await db
    .select({
      clientId: clients.id,
      name: clients.name,
      cents: sql<number>`coalesce(sum(
        (case ${agreementLines.quantitySource} when 'users' then ${activeUsers} when 'devices' then ${devicesInUse}
         else ${agreementLines.fixedQuantity} end)
        * coalesce(${agreementLines.unitPriceCents}, ${catalogueItems.priceCents})), 0)::bigint`,
    })
    .from(agreements)
    .innerJoin(clients, eq(clients.id, agreements.clientId))
    .innerJoin(agreementLines, eq(agreementLines.agreementId, agreements.id))
    .innerJoin(catalogueItems, eq(catalogueItems.id, agreementLines.catalogueItemId))
    .where(and(lte(agreements.startDate, today), or(isNull(agreements.endDate), gte(agreements.endDate, today))))
    .groupBy(clients.id, clients.name)
    .orderBy(asc(clients.name));
  const byCompany = rows.map((r) => ({ clientId: r.clientId, name: r.name, cents: Number(r.cents) }));
  return { totalCents: byCompany.reduce((s, r) => s + r.cents, 0), byCompany };
}

/** Approved invoices less approved credit notes, before tax, by company, issued in the months given. */
async function revenueByCompany(db: DbExecutor, fromMonth: string, toMonth: string) {
  const rows = await db
    .select({
      clientId: clients.id,
      name: clients.name,
      cents: sql<number>`sum(${invoices.subtotalCents})::bigint`,
    })
    .from(invoices)
    .innerJoin(clients, eq(clients.id, invoices.clientId))
    .where(
      and(
        eq(invoices.status, "approved"),
        between(invoices.issueDate, monthBounds(fromMonth).first, monthBounds(toMonth).last),
      ),
    )
    .groupBy(clients.id, clients.name)
    .orderBy(asc(clients.name));
  return rows.map((r) => ({ clientId: r.clientId, name: r.name, cents: Number(r.cents) }));
}

/** Approved billable time on no invoice yet, by company, and its worth at the work types' default rates. */
async function unbilledTime(db: DbExecutor) {
  const rows = await db
    .select({
      clientId: clients.id,
      name: clients.name,
      minutes: sql<number>`sum(${timeEntries.minutes})::int`,
      atDefaultRatesCents: sql<number>`round(sum(${timeEntries.minutes} * ${workTypes.hourlyRateCents}) / 60.0)::bigint`,
    })
    .from(timeEntries)
    .innerJoin(clients, eq(clients.id, timeEntries.clientId))
    .innerJoin(workTypes, eq(workTypes.id, timeEntries.workTypeId))
    .where(
      and(
        isNotNull(timeEntries.approvedAt),
        eq(timeEntries.billable, true),
        sql`not exists (select 1 from invoiced_time t where t.time_entry_id = ${timeEntries.id})`,
      ),
    )
    .groupBy(clients.id, clients.name)
    .orderBy(asc(clients.name));
  return rows.map((r) => ({ ...r, atDefaultRatesCents: Number(r.atDefaultRatesCents) }));
}

/** Every block with its company: hours sold, burnt and left. */
async function blockUse(db: DbExecutor, today: string) {
  const rows = await db
    .select({ block: prepaidBlocks, clientName: clients.name })
    .from(prepaidBlocks)
    .innerJoin(agreements, eq(agreements.id, prepaidBlocks.agreementId))
    .innerJoin(clients, eq(clients.id, agreements.clientId))
    .orderBy(asc(clients.name), asc(prepaidBlocks.purchasedOn));
  const blocks = await blocksOf(
    db,
    rows.map((r) => r.block),
    true,
    today,
  );
  return blocks.map((b, i) => ({ ...b, clientName: rows[i]!.clientName }));
}

/** What is owed on approved invoices, by company and by how late. */
async function receivables(db: DbExecutor, today: string) {
  const rows = await db
    .select({
      invoice: invoices,
      name: clients.name,
      credited: sql<number>`coalesce((select -sum(c.total_cents) from invoices c
        where c.credits_invoice_id = invoices.id and c.status = 'approved'), 0)::int`,
    })
    .from(invoices)
    .innerJoin(clients, eq(clients.id, invoices.clientId))
    .where(and(eq(invoices.status, "approved"), eq(invoices.kind, "invoice")))
    .orderBy(asc(clients.name));
  const byCompany = new Map<string, { clientId: string; name: string } & Record<AgingBucket, number>>();
  const totals = Object.fromEntries(AGING_BUCKETS.map((b) => [b, 0])) as Record<AgingBucket, number>;
  for (const { invoice, name, credited } of rows) {
    const owed = balanceOf(invoice, credited);
    if (owed === 0) continue;
    const bucket = agingBucket(invoice.dueDate, today);
    let company = byCompany.get(invoice.clientId);
    if (!company) {
      company = { clientId: invoice.clientId, name, current: 0, "1-30": 0, "31-60": 0, "61-90": 0, "90+": 0 };
      byCompany.set(invoice.clientId, company);
    }
    company[bucket] += owed;
    totals[bucket] += owed;
  }
  return { totals, byCompany: [...byCompany.values()] };
}

export async function billingReport(db: DbExecutor, range: { from: string; to: string }, today = isoDay()) {
  const [mrr, revenue, unbilled, blocks, aging] = await Promise.all([
    recurringRevenue(db, today),
    revenueByCompany(db, range.from, range.to),
    unbilledTime(db),
    blockUse(db, today),
    receivables(db, today),
  ]);
  return { today, monthlyRecurring: mrr, revenue, unbilledTime: unbilled, blocks, receivables: aging };
}
