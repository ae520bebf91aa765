// The money rules of billing (docs/decisions/0042-billing.md), written once for the billing run, the
// invoice page and the tests. Money is integer cents (CAD); time is whole minutes. Every rounding is to
// the cent, half away from zero, at one named place: a line's amount, a tax on an invoice's base. A total
// is then a sum of integers, so it always equals its lines and taxes.

/** `numerator / denominator` rounded to the nearest integer, halves away from zero (5.5 → 6, -5.5 → -6). */
export function divideRounded(numerator: number, denominator: number): number {
  if (denominator <= 0 || !Number.isSafeInteger(numerator) || !Number.isSafeInteger(denominator))
    throw new RangeError("divideRounded takes safe integers and a positive denominator");
  const sign = numerator < 0 ? -1 : 1;
  const magnitude = Math.abs(numerator);
  const quotient = Math.floor(magnitude / denominator);
  const remainder = magnitude - quotient * denominator;
  return sign * (remainder * 2 >= denominator ? quotient + 1 : quotient);
}

/** The amount of `minutes` of work at an hourly rate: minutes × rate / 60, to the cent. */
export const timeAmountCents = (minutes: number, hourlyRateCents: number): number =>
  divideRounded(minutes * hourlyRateCents, 60);

/** A recurring line's amount for a month: quantity × unit price, prorated by the days the agreement covers. */
export function recurringAmountCents(
  quantity: number,
  unitPriceCents: number,
  coveredDays: number,
  daysInPeriod: number,
): number {
  return divideRounded(quantity * unitPriceCents * coveredDays, daysInPeriod);
}

/**
 * A tax rate in thousandths of a percent: HST 13% is 13000, QST 9.975% is 9975. Integers, so a rate is
 * exact and a tax is one rounding of an integer product.
 */
export type RateMilliPercent = number;

/** The tax on a base at a rate, to the cent. */
export const taxCents = (baseCents: number, rate: RateMilliPercent): number => divideRounded(baseCents * rate, 100_000);

export interface TaxComponent {
  label: string;
  rateMilliPercent: RateMilliPercent;
}

export interface AmountLine {
  amountCents: number;
  taxable: boolean;
}

export interface InvoiceTotals {
  subtotalCents: number;
  taxes: { label: string; rateMilliPercent: number; baseCents: number; amountCents: number }[];
  taxCents: number;
  totalCents: number;
}

/**
 * An invoice's totals from its lines: the subtotal is their sum; each tax component is taken once on the
 * sum of the taxable lines (not line by line, so no rounding drift across many lines; QST is on the price
 * before GST, as Revenu Québec has it since 2013); the total is the subtotal plus the taxes.
 */
export function invoiceTotals(lines: readonly AmountLine[], components: readonly TaxComponent[]): InvoiceTotals {
  const subtotalCents = lines.reduce((sum, line) => sum + line.amountCents, 0);
  const baseCents = lines.reduce((sum, line) => sum + (line.taxable ? line.amountCents : 0), 0);
  const taxes = components.map((c) => ({
    label: c.label,
    rateMilliPercent: c.rateMilliPercent,
    baseCents,
    amountCents: taxCents(baseCents, c.rateMilliPercent),
  }));
  const tax = taxes.reduce((sum, t) => sum + t.amountCents, 0);
  return { subtotalCents, taxes, taxCents: tax, totalCents: subtotalCents + tax };
}

/** "$1,234.56" (negative: "-$1,234.56"): how every screen and document shows cents. */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const magnitude = Math.abs(cents);
  const dollars = Math.floor(magnitude / 100).toLocaleString("en-CA");
  return `${sign}$${dollars}.${String(magnitude % 100).padStart(2, "0")}`;
}

/** A rate as people read it: 13000 → "13%", 9975 → "9.975%". */
export const formatRate = (rate: RateMilliPercent): string => `${Number((rate / 1000).toFixed(3))}%`;

// --- Periods ---

/** The days of a month ("2026-02" → 28). */
export function daysInMonth(month: string): number {
  const [year, m] = month.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(year, m, 0)).getUTCDate();
}

/** The first and last day (YYYY-MM-DD) of a month. */
export function monthBounds(month: string): { first: string; last: string } {
  return { first: `${month}-01`, last: `${month}-${String(daysInMonth(month)).padStart(2, "0")}` };
}

/** The days from `from` to `to`, both counted (0 when `to` is before `from`). */
export function daysBetweenInclusive(from: string, to: string): number {
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;
  return Math.max(0, days);
}

/**
 * The days of `month` an agreement running from `start` to `end` (inclusive; null: open-ended) covers.
 * Recurring lines are billed for the month in advance and prorated by this over the month's days.
 */
export function coveredDays(month: string, start: string, end: string | null): number {
  const { first, last } = monthBounds(month);
  const from = start > first ? start : first;
  const to = end !== null && end < last ? end : last;
  return daysBetweenInclusive(from, to);
}

/** The month after / before "YYYY-MM". */
export function addMonths(month: string, count: number): string {
  const [year, m] = month.split("-").map(Number) as [number, number];
  const date = new Date(Date.UTC(year, m - 1 + count, 1));
  return date.toISOString().slice(0, 7);
}

// --- Prepaid hours ---

export interface BlockBalance {
  id: string;
  /** Purchase date and expiry (YYYY-MM-DD, inclusive): an entry burns a block only dated between them. */
  purchasedOn: string;
  expiresOn: string;
  remainingMinutes: number;
  workTypeIds: readonly string[];
}

export interface BillableMinutes {
  id: string;
  workDate: string;
  workTypeId: string;
  minutes: number;
}

export interface Burn {
  blockId: string;
  entryId: string;
  minutes: number;
}

/**
 * Burns entries' minutes from prepaid blocks, first in first out: each entry (oldest first) takes from the
 * oldest block covering its work type on its date (purchased on or before it, not expired) until the block
 * is spent, then from the next. Returns the burns and each entry's minutes left uncovered. Pure: the
 * blocks passed in are not changed.
 */
export function burnBlocks(
  blocks: readonly BlockBalance[],
  entries: readonly BillableMinutes[],
): { burns: Burn[]; uncovered: Map<string, number> } {
  const remaining = new Map(blocks.map((b) => [b.id, b.remainingMinutes]));
  const ordered = [...blocks].sort(
    (a, b) => a.purchasedOn.localeCompare(b.purchasedOn) || a.expiresOn.localeCompare(b.expiresOn),
  );
  const burns: Burn[] = [];
  const uncovered = new Map<string, number>();
  const byDate = [...entries].sort((a, b) => a.workDate.localeCompare(b.workDate) || a.id.localeCompare(b.id));
  for (const entry of byDate) {
    let left = entry.minutes;
    for (const block of ordered) {
      if (left === 0) break;
      if (!block.workTypeIds.includes(entry.workTypeId)) continue;
      if (entry.workDate < block.purchasedOn || entry.workDate > block.expiresOn) continue;
      const available = remaining.get(block.id)!;
      if (available <= 0) continue;
      const taken = Math.min(available, left);
      remaining.set(block.id, available - taken);
      burns.push({ blockId: block.id, entryId: entry.id, minutes: taken });
      left -= taken;
    }
    uncovered.set(entry.id, left);
  }
  return { burns, uncovered };
}
