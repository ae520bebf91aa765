// Invoice and credit note numbers (docs/decisions/0042-billing.md): INV-2026-0001, CN-2026-0001, per year,
// with no gaps and no repeats. The counter row is taken inside the approving transaction and held until it
// commits; a transaction that fails gives its number back by rolling back.
import { invoiceNumberCounters, sql, type DbExecutor } from "@repo/db";

export type NumberPrefix = "INV" | "CN";

export async function nextNumber(tx: DbExecutor, prefix: NumberPrefix, year: number): Promise<string> {
  const [row] = await tx
    .insert(invoiceNumberCounters)
    .values({ prefix, year, last: 1 })
    .onConflictDoUpdate({
      target: [invoiceNumberCounters.prefix, invoiceNumberCounters.year],
      set: { last: sql`${invoiceNumberCounters.last} + 1` },
    })
    .returning({ last: invoiceNumberCounters.last });
  return `${prefix}-${year}-${String(row!.last).padStart(4, "0")}`;
}
