// What the billing screens share about reading and writing money, months and invoice states. Money is
// integer cents everywhere (@repo/validators billing-money.ts); people type and read dollars.
import { isoDay } from "@repo/content";
import { addMonths, type InvoiceState } from "@repo/validators";

/** "12.5", "$1,200.00" → cents; anything else (or more than two decimals) → null. */
export function parseDollars(text: string): number | null {
  const plain = text.trim().replace(/^\$/, "").replaceAll(",", "");
  if (!/^\d+(\.\d{1,2})?$/.test(plain)) return null;
  const [dollars, decimals = ""] = plain.split(".");
  return Number(dollars) * 100 + Number(decimals.padEnd(2, "0"));
}

/** Cents as a price field shows them: 1250 → "12.50". */
export const dollarsOf = (cents: number): string => (cents / 100).toFixed(2);

export const DOLLARS_HINT = "Enter an amount in dollars, like 120 or 99.50";

/** This month, YYYY-MM, in the provider's time zone. */
export const thisMonth = (): string => isoDay().slice(0, 7);

const monthFormat = new Intl.DateTimeFormat("en-CA", { month: "long", year: "numeric", timeZone: "UTC" });
/** "2026-11" → "November 2026". */
export const formatMonth = (month: string): string => monthFormat.format(new Date(`${month}-01T00:00:00Z`));

/** The months a picker offers: the next one, this one and the 23 before, newest first. */
export function recentMonths(from = thisMonth()): { value: string; label: string }[] {
  return Array.from({ length: 25 }, (_, i) => addMonths(from, 1 - i)).map((m) => ({
    value: m,
    label: formatMonth(m),
  }));
}

export const INVOICE_STATE_BADGES: Record<InvoiceState, { label: string; color: string }> = {
  draft: { label: "Draft", color: "gray" },
  open: { label: "Open", color: "blue" },
  overdue: { label: "Overdue", color: "red" },
  paid: { label: "Paid", color: "green" },
  credited: { label: "Credited", color: "grape" },
};

/** Hours as a form takes them ("10", "7.5") → whole minutes; anything else → null. */
export function parseHours(text: string): number | null {
  const plain = text.trim();
  if (!/^\d+(\.\d+)?$/.test(plain)) return null;
  const minutes = Math.round(Number(plain) * 60);
  return minutes >= 1 ? minutes : null;
}
