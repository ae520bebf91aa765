// A month's run as the admin checks it before approving (docs/features.md §11): each invoice of the month
// beside the same agreement's invoice of the month before, with what changed: recurring quantities, and
// the users and devices counted that are new or gone.
import { and, eq, inArray, invoiceLines, invoices, type DbExecutor } from "@repo/db";
import { addMonths } from "@repo/validators";
import type { StaffScope } from "../auth/scope.js";
import { listInvoices } from "./invoices.js";
import { latestRun } from "./runs.js";

type Counted = NonNullable<(typeof invoices.$inferSelect)["counted"]>;

const names = (list: { id: string; name: string }[]) => new Map(list.map((x) => [x.id, x.name]));

/** What changed between two invoices of one agreement, in words. */
function changesBetween(
  previous:
    | { counted: Counted | null; lines: { description: string; itemId: string | null; quantity: number }[] }
    | undefined,
  current: { counted: Counted | null; lines: { description: string; itemId: string | null; quantity: number }[] },
): string[] {
  if (!previous) return ["First invoice of this agreement"];
  const changes: string[] = [];
  const before = new Map(previous.lines.filter((l) => l.itemId).map((l) => [l.itemId, l.quantity]));
  for (const line of current.lines) {
    if (!line.itemId) continue;
    const was = before.get(line.itemId);
    if (was === undefined) changes.push(`New line: ${line.description}`);
    else if (was !== line.quantity) changes.push(`${line.description}: quantity ${was} → ${line.quantity}`);
  }
  for (const kind of ["users", "devices"] as const) {
    const was = names(previous.counted?.[kind] ?? []);
    const now = names(current.counted?.[kind] ?? []);
    const added = [...now].filter(([id]) => !was.has(id)).map(([, n]) => n);
    const gone = [...was].filter(([id]) => !now.has(id)).map(([, n]) => n);
    const noun = kind === "users" ? "user" : "device";
    if (added.length > 0) changes.push(`New ${noun}${added.length > 1 ? "s" : ""}: ${added.join(", ")}`);
    if (gone.length > 0) changes.push(`Gone ${noun}${gone.length > 1 ? "s" : ""}: ${gone.join(", ")}`);
  }
  return changes;
}

async function recurringOf(db: DbExecutor, ids: string[]) {
  if (ids.length === 0) return new Map<string, { description: string; itemId: string | null; quantity: number }[]>();
  const rows = await db
    .select({
      invoiceId: invoiceLines.invoiceId,
      description: invoiceLines.description,
      itemId: invoiceLines.catalogueItemId,
      quantity: invoiceLines.quantity,
    })
    .from(invoiceLines)
    .where(and(inArray(invoiceLines.invoiceId, ids), eq(invoiceLines.source, "recurring")));
  const byInvoice = new Map<string, typeof rows>();
  for (const row of rows) byInvoice.set(row.invoiceId, [...(byInvoice.get(row.invoiceId) ?? []), row]);
  return byInvoice;
}

export async function monthPreview(db: DbExecutor, scope: StaffScope, month: string) {
  const [run, list] = await Promise.all([latestRun(db, month), listInvoices(db, scope, { month })]);
  const drafted = list.filter((i) => i.kind === "invoice");
  if (drafted.length === 0) return { month, run, invoices: [] };
  const current = await db
    .select({ id: invoices.id, agreementId: invoices.agreementId, counted: invoices.counted })
    .from(invoices)
    .where(
      inArray(
        invoices.id,
        drafted.map((i) => i.id),
      ),
    );
  const agreementIds = current.map((c) => c.agreementId).filter((id): id is string => id !== null);
  const previous =
    agreementIds.length > 0
      ? await db
          .select({
            id: invoices.id,
            agreementId: invoices.agreementId,
            counted: invoices.counted,
            total: invoices.totalCents,
          })
          .from(invoices)
          .where(
            and(
              inArray(invoices.agreementId, agreementIds),
              eq(invoices.month, addMonths(month, -1)),
              eq(invoices.kind, "invoice"),
            ),
          )
      : [];
  const lines = await recurringOf(db, [...current.map((c) => c.id), ...previous.map((p) => p.id)]);
  const previousOf = new Map(previous.map((p) => [p.agreementId, p]));
  const currentOf = new Map(current.map((c) => [c.id, c]));
  return {
    month,
    run,
    invoices: drafted.map((invoice) => {
      const now = currentOf.get(invoice.id);
      const before = now?.agreementId ? previousOf.get(now.agreementId) : undefined;
      return {
        ...invoice,
        previousTotalCents: before?.total ?? null,
        devicesInUse: now?.counted?.devices.length ?? 0,
        devicesSeen: now?.counted?.devicesSeen ?? 0,
        changes: changesBetween(before && { counted: before.counted, lines: lines.get(before.id) ?? [] }, {
          counted: now?.counted ?? null,
          lines: lines.get(invoice.id) ?? [],
        }),
      };
    }),
  };
}
