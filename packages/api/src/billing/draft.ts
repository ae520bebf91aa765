// A company's draft invoice for a month, one per agreement (docs/decisions/0042-billing.md): recurring lines
// in advance for the month (prorated by day), approved billable time in arrears (dated before the billing
// date and on no invoice yet) priced by the agreement (included, prepaid block, overage, rate), the blocks
// bought, and the items staff added, which a rebuild keeps. Called inside a transaction that holds the
// company's row, so two runs of the same month take turns and the second rebuilds what the first drafted;
// the invoiced_time key refuses any entry a second time whatever happens.
import {
  agreementLines,
  agreementWorkTypes,
  agreements,
  and,
  asc,
  blockBurns,
  catalogueItems,
  clients,
  devices,
  eq,
  gte,
  inArray,
  invoiceLines,
  invoiceTaxes,
  invoicedTime,
  invoices,
  isNotNull,
  lt,
  lte,
  ne,
  or,
  isNull,
  prepaidBlocks,
  sql,
  timeEntries,
  users,
  workTypes,
  type CountedSnapshot,
  type DbExecutor,
} from "@repo/db";
import {
  type BillingSettings,
  addMonths,
  burnBlocks,
  coveredDays,
  daysInMonth,
  formatMinutes,
  invoiceTotals,
  monthBounds,
  recurringAmountCents,
  timeAmountCents,
} from "@repo/validators";
import { usedMinutes } from "./blocks.js";
import { addDays, monthLabel } from "./dates.js";
import { readBillingSettings } from "./settings.js";
import { taxCodeOf } from "./tax-codes.js";

type AgreementRow = typeof agreements.$inferSelect;
type NewLine = Omit<typeof invoiceLines.$inferInsert, "invoiceId">;
/** What names a time line; its quantity and amount come from the minutes it gathers. */
type LineHead = Pick<NewLine, "source" | "description" | "workTypeId" | "blockId" | "sortOrder">;

/**
 * What a run reads once and every company's drafts share: the billing settings and the work types, read
 * once per run rather than in each company's transaction (the run of 300 companies ran about 30 queries a
 * company, docs/performance.md §5). A change made while a run is going applies from the next run.
 */
export interface RunReference {
  settings: BillingSettings;
  workTypes: Map<string, { id: string; name: string; rate: number | null }>;
}

export async function readRunReference(db: DbExecutor): Promise<RunReference> {
  const [settings, types] = await Promise.all([
    readBillingSettings(db),
    db.select({ id: workTypes.id, name: workTypes.name, rate: workTypes.hourlyRateCents }).from(workTypes),
  ]);
  return { settings, workTypes: new Map(types.map((t) => [t.id, t])) };
}

export type DraftOutcome =
  | { kind: "drafted"; invoiceId: string }
  | { kind: "already-approved"; invoiceId: string }
  | { kind: "nothing-to-bill" };

/** The agreements a run of `month` looks at: covering a day of it, or ended the month before (its arrears). */
export function agreementsOfMonth(month: string) {
  const { last } = monthBounds(month);
  const { first: previousFirst } = monthBounds(addMonths(month, -1));
  return and(lte(agreements.startDate, last), or(isNull(agreements.endDate), gte(agreements.endDate, previousFirst)));
}

/** The billing date of an agreement in a month: its billing day of that month. */
export const billingDate = (month: string, billingDay: number) => `${month}-${String(billingDay).padStart(2, "0")}`;

/**
 * Takes the lines a run made off a draft, releasing their time (staff-added items stay). The draft is
 * then rebuilt from what is true now, or deleted.
 */
export async function releaseGenerated(tx: DbExecutor, invoiceId: string): Promise<void> {
  await tx
    .update(timeEntries)
    .set({ invoicedAt: null })
    .where(
      inArray(
        timeEntries.id,
        tx.select({ id: invoicedTime.timeEntryId }).from(invoicedTime).where(eq(invoicedTime.invoiceId, invoiceId)),
      ),
    );
  await tx.delete(blockBurns).where(eq(blockBurns.invoiceId, invoiceId));
  await tx.delete(invoiceLines).where(and(eq(invoiceLines.invoiceId, invoiceId), ne(invoiceLines.source, "item")));
}

/**
 * The company's active client users and devices in use: what per-user and per-device lines count; beside
 * them, how many of those devices checked in within 30 days (the preview shows both).
 */
async function countToday(tx: DbExecutor, clientId: string): Promise<CountedSnapshot> {
  const [people, machines] = await Promise.all([
    tx
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(and(eq(users.clientId, clientId), eq(users.role, "CLIENT"), eq(users.active, true)))
      .orderBy(asc(users.name)),
    tx
      .select({
        id: devices.id,
        name: sql<string>`coalesce(${devices.assetTag}, ${devices.model}, ${devices.serialNumber})`,
        seen: sql<boolean>`coalesce(${devices.lastCheckIn} > now() - interval '30 days', false)`,
      })
      .from(devices)
      .where(and(eq(devices.clientId, clientId), eq(devices.status, "IN_USE")))
      .orderBy(asc(devices.serialNumber)),
  ]);
  return {
    users: people,
    devices: machines.map(({ id, name }) => ({ id, name })),
    devicesSeen: machines.filter((m) => m.seen).length,
  };
}

async function recurringLines(tx: DbExecutor, agreement: AgreementRow, month: string, counted: CountedSnapshot) {
  const days = coveredDays(month, agreement.startDate, agreement.endDate);
  if (days === 0) return [];
  const monthDays = daysInMonth(month);
  const rows = await tx
    .select({ line: agreementLines, item: catalogueItems })
    .from(agreementLines)
    .innerJoin(catalogueItems, eq(catalogueItems.id, agreementLines.catalogueItemId))
    .where(eq(agreementLines.agreementId, agreement.id))
    .orderBy(asc(agreementLines.sortOrder));
  const prorated = days < monthDays ? `, ${days} of ${monthDays} days` : "";
  return rows.map(({ line, item }, i): NewLine => {
    const quantity =
      line.quantitySource === "users"
        ? counted.users.length
        : line.quantitySource === "devices"
          ? counted.devices.length
          : line.fixedQuantity;
    const unitPriceCents = line.unitPriceCents ?? item.priceCents;
    return {
      source: "recurring",
      description: `${item.name} (${monthLabel(month)}${prorated})`,
      quantity,
      quantityUnit: "each",
      unitPriceCents,
      amountCents: recurringAmountCents(quantity, unitPriceCents, days, monthDays),
      taxable: item.taxable,
      catalogueItemId: item.id,
      sortOrder: i,
    };
  });
}

async function blockPurchaseLines(tx: DbExecutor, agreement: AgreementRow, month: string) {
  const { last } = monthBounds(month);
  const blocks = await tx
    .select()
    .from(prepaidBlocks)
    .where(
      and(
        eq(prepaidBlocks.agreementId, agreement.id),
        lte(prepaidBlocks.purchasedOn, last),
        sql`not exists (select 1 from invoice_lines l where l.block_id = ${prepaidBlocks.id} and l.source = 'block_purchase')`,
      ),
    )
    .orderBy(asc(prepaidBlocks.purchasedOn));
  return blocks.map(
    (b, i): NewLine => ({
      source: "block_purchase",
      description: `Prepaid hours: ${formatMinutes(b.minutes)}, bought ${b.purchasedOn}, expires ${b.expiresOn}`,
      quantity: 1,
      quantityUnit: "each",
      unitPriceCents: b.priceCents,
      amountCents: b.priceCents,
      taxable: true,
      blockId: b.id,
      sortOrder: 100 + i,
    }),
  );
}

interface TimeLine {
  line: NewLine;
  entryIds: string[];
}

/**
 * Approved billable time of the company not yet on an invoice, dated within the agreement and before the
 * billing date, priced: an included work type at no charge; then prepaid blocks first in first out; what a
 * block's work type leaves uncovered at that block's overage rate; the rest at the agreement's rate for the
 * work type, else the work type's own. One line per kind, work type and rate; each entry is claimed by the
 * line that charges for it (an entry split between a block and overage, by the overage line).
 */
async function timeLines(
  tx: DbExecutor,
  agreement: AgreementRow,
  before: string,
  typeOf: RunReference["workTypes"],
): Promise<{ lines: TimeLine[]; burns: { blockId: string; entryId: string; minutes: number }[] }> {
  const entries = await tx
    .select({
      id: timeEntries.id,
      workDate: timeEntries.workDate,
      workTypeId: timeEntries.workTypeId,
      minutes: timeEntries.minutes,
    })
    .from(timeEntries)
    .where(
      and(
        eq(timeEntries.clientId, agreement.clientId),
        isNotNull(timeEntries.approvedAt),
        eq(timeEntries.billable, true),
        lt(timeEntries.workDate, before),
        gte(timeEntries.workDate, agreement.startDate),
        agreement.endDate ? lte(timeEntries.workDate, agreement.endDate) : undefined,
        sql`not exists (select 1 from invoiced_time t where t.time_entry_id = ${timeEntries.id})`,
      ),
    )
    .orderBy(asc(timeEntries.workDate), asc(timeEntries.id));
  if (entries.length === 0) return { lines: [], burns: [] };

  const [treatments, blocks] = await Promise.all([
    tx.select().from(agreementWorkTypes).where(eq(agreementWorkTypes.agreementId, agreement.id)),
    tx
      .select()
      .from(prepaidBlocks)
      .where(eq(prepaidBlocks.agreementId, agreement.id))
      .orderBy(asc(prepaidBlocks.purchasedOn), asc(prepaidBlocks.expiresOn)),
  ]);
  const treatmentOf = new Map(treatments.map((t) => [t.workTypeId, t]));
  const used = await usedMinutes(
    tx,
    blocks.map((b) => b.id),
  );
  const included = entries.filter((e) => treatmentOf.get(e.workTypeId)?.treatment === "included");
  const charged = entries.filter((e) => treatmentOf.get(e.workTypeId)?.treatment !== "included");
  const { burns, uncovered } = burnBlocks(
    blocks.map((b) => ({
      id: b.id,
      purchasedOn: b.purchasedOn,
      expiresOn: b.expiresOn,
      remainingMinutes: b.minutes - (used.get(b.id) ?? 0),
      workTypeIds: b.workTypeIds,
    })),
    charged,
  );
  /** The block whose overage rate prices a work type's uncovered time: the newest covering it. */
  const overageBlock = (workTypeId: string) => [...blocks].reverse().find((b) => b.workTypeIds.includes(workTypeId));

  const groups = new Map<string, { head: LineHead; minutes: number; entryIds: string[]; rate: number }>();
  const add = (key: string, head: LineHead, rate: number, minutes: number, entryId: string | null) => {
    let group = groups.get(key);
    if (!group) {
      group = { head, minutes: 0, entryIds: [], rate };
      groups.set(key, group);
    }
    group.minutes += minutes;
    if (entryId) group.entryIds.push(entryId);
  };
  const typeName = (id: string) => typeOf.get(id)?.name ?? "Work";

  for (const entry of included)
    add(
      `included:${entry.workTypeId}`,
      {
        source: "included_time",
        description: `${typeName(entry.workTypeId)} (included)`,
        workTypeId: entry.workTypeId,
        sortOrder: 300,
      },
      0,
      entry.minutes,
      entry.id,
    );
  const lastBurn = new Map(burns.map((b) => [b.entryId, b.blockId]));
  for (const burn of burns) {
    const block = blocks.find((b) => b.id === burn.blockId)!;
    add(
      `block:${burn.blockId}`,
      {
        source: "block_time",
        description: `Prepaid hours used (block bought ${block.purchasedOn})`,
        blockId: block.id,
        sortOrder: 200,
      },
      0,
      burn.minutes,
      null,
    );
  }
  for (const entry of charged) {
    const left = uncovered.get(entry.id) ?? entry.minutes;
    if (left === 0) {
      groups.get(`block:${lastBurn.get(entry.id)}`)!.entryIds.push(entry.id);
      continue;
    }
    const block = overageBlock(entry.workTypeId);
    const name = typeName(entry.workTypeId);
    if (block) {
      add(
        `overage:${entry.workTypeId}:${block.overageRateCents}`,
        {
          source: "overage",
          description: `${name} beyond prepaid hours`,
          workTypeId: entry.workTypeId,
          sortOrder: 210,
        },
        block.overageRateCents,
        left,
        entry.id,
      );
      continue;
    }
    const rate = treatmentOf.get(entry.workTypeId)?.hourlyRateCents ?? typeOf.get(entry.workTypeId)?.rate ?? 0;
    add(
      `time:${entry.workTypeId}:${rate}`,
      { source: "time", description: name, workTypeId: entry.workTypeId, sortOrder: 250 },
      rate,
      left,
      entry.id,
    );
  }
  const lines = [...groups.values()].map((g) => ({
    line: {
      ...g.head,
      quantity: g.minutes,
      quantityUnit: "minutes" as const,
      unitPriceCents: g.rate,
      amountCents: timeAmountCents(g.minutes, g.rate),
      taxable: true,
    },
    entryIds: g.entryIds,
  }));
  return { lines, burns };
}

/** Writes the invoice's taxes and totals from its lines as they now stand. */
export async function writeTotals(tx: DbExecutor, invoiceId: string): Promise<void> {
  const [invoice] = await tx
    .select({ components: invoices.taxComponents })
    .from(invoices)
    .where(eq(invoices.id, invoiceId));
  const lines = await tx
    .select({ amountCents: invoiceLines.amountCents, taxable: invoiceLines.taxable })
    .from(invoiceLines)
    .where(eq(invoiceLines.invoiceId, invoiceId));
  const totals = invoiceTotals(lines, invoice!.components);
  await tx.delete(invoiceTaxes).where(eq(invoiceTaxes.invoiceId, invoiceId));
  if (totals.taxes.length > 0)
    await tx.insert(invoiceTaxes).values(totals.taxes.map((t, position) => ({ invoiceId, position, ...t })));
  await tx
    .update(invoices)
    .set({ subtotalCents: totals.subtotalCents, taxCents: totals.taxCents, totalCents: totals.totalCents })
    .where(eq(invoices.id, invoiceId));
}

/** Who the invoice is made out to, as the company reads now. */
export async function billToOf(tx: DbExecutor, clientId: string) {
  const [company] = await tx.select().from(clients).where(eq(clients.id, clientId));
  return {
    name: company!.name,
    address: company!.billingAddress ?? company!.address,
    email: company!.billingEmail ?? company!.contactEmail,
  };
}

/** Drafts (or rebuilds) the invoice of one agreement for a month. The caller holds the company's row. */
export async function draftInvoice(
  tx: DbExecutor,
  agreement: AgreementRow,
  month: string,
  { settings, workTypes: typeOf }: RunReference,
): Promise<DraftOutcome> {
  const [existing] = await tx
    .select({ id: invoices.id, status: invoices.status })
    .from(invoices)
    .where(and(eq(invoices.agreementId, agreement.id), eq(invoices.month, month), eq(invoices.kind, "invoice")));
  if (existing && existing.status !== "draft") return { kind: "already-approved", invoiceId: existing.id };
  if (existing) await releaseGenerated(tx, existing.id);

  const issueDate = billingDate(month, agreement.billingDay);
  const [tax, billTo, counted] = await Promise.all([
    taxCodeOf(tx, agreement.clientId),
    billToOf(tx, agreement.clientId),
    countToday(tx, agreement.clientId),
  ]);
  const recurring = await recurringLines(tx, agreement, month, counted);
  const purchases = await blockPurchaseLines(tx, agreement, month);
  const time = await timeLines(tx, agreement, issueDate, typeOf);
  const [kept] = existing
    ? await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(invoiceLines)
        .where(eq(invoiceLines.invoiceId, existing.id))
    : [{ count: 0 }];
  if (recurring.length + purchases.length + time.lines.length + (kept?.count ?? 0) === 0) {
    if (existing) await tx.delete(invoices).where(eq(invoices.id, existing.id));
    return { kind: "nothing-to-bill" };
  }

  const header = {
    issueDate,
    dueDate: addDays(issueDate, settings.paymentTermsDays),
    billTo,
    taxName: tax.name,
    taxComponents: tax.components,
    counted,
  };
  const invoiceId = existing
    ? (await tx.update(invoices).set(header).where(eq(invoices.id, existing.id)).returning({ id: invoices.id }))[0]!.id
    : (
        await tx
          .insert(invoices)
          .values({
            kind: "invoice",
            status: "draft",
            clientId: agreement.clientId,
            agreementId: agreement.id,
            month,
            ...header,
          })
          .returning({ id: invoices.id })
      )[0]!.id;

  const plain = [...recurring, ...purchases].map((line) => ({ ...line, invoiceId }));
  if (plain.length > 0) await tx.insert(invoiceLines).values(plain);
  const claimed: string[] = [];
  for (const { line, entryIds } of time.lines) {
    const [row] = await tx
      .insert(invoiceLines)
      .values({ ...line, invoiceId })
      .returning({ id: invoiceLines.id });
    if (entryIds.length === 0) continue;
    await tx
      .insert(invoicedTime)
      .values(entryIds.map((timeEntryId) => ({ timeEntryId, invoiceLineId: row!.id, invoiceId })));
    claimed.push(...entryIds);
  }
  if (time.burns.length > 0)
    await tx
      .insert(blockBurns)
      .values(time.burns.map((b) => ({ blockId: b.blockId, timeEntryId: b.entryId, invoiceId, minutes: b.minutes })));
  if (claimed.length > 0)
    await tx.update(timeEntries).set({ invoicedAt: new Date() }).where(inArray(timeEntries.id, claimed));
  await writeTotals(tx, invoiceId);
  return { kind: "drafted", invoiceId };
}
