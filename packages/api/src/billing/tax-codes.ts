// Tax codes (docs/decisions/0042-billing.md): the admin-kept table of what a company is billed under, each
// one or more components (HST 13%; GST 5% + QST 9.975%; none, exempt). One is the default, for a company
// that names none. An invoice copies its code's name and components, so a change reaches new invoices only.
import { and, asc, clients, eq, ne, taxCodes, type DbExecutor } from "@repo/db";
import type { TaxCode, TaxCodeCreateInput, TaxCodeUpdateInput } from "@repo/validators";
import { ConflictError, NotFoundError, StaleVersionError } from "../errors.js";

type Row = typeof taxCodes.$inferSelect;

const toTaxCode = (row: Row): TaxCode => ({
  id: row.id,
  name: row.name,
  components: row.components,
  isDefault: row.isDefault,
  archived: row.archived,
  version: row.version,
});

export async function listTaxCodes(db: DbExecutor): Promise<TaxCode[]> {
  const rows = await db.select().from(taxCodes).orderBy(asc(taxCodes.sortOrder), asc(taxCodes.name));
  return rows.map(toTaxCode);
}

/** The tax a company is billed under: its own code, else the default. */
export async function taxCodeOf(db: DbExecutor, clientId: string): Promise<Row> {
  const [own] = await db
    .select({ code: taxCodes })
    .from(clients)
    .innerJoin(taxCodes, eq(taxCodes.id, clients.taxCodeId))
    .where(eq(clients.id, clientId));
  if (own) return own.code;
  const [fallback] = await db.select().from(taxCodes).where(eq(taxCodes.isDefault, true)).limit(1);
  if (!fallback) throw new ConflictError("No default tax code: choose one in the billing settings");
  return fallback;
}

export async function createTaxCode(db: DbExecutor, input: TaxCodeCreateInput): Promise<TaxCode> {
  const [row] = await db.insert(taxCodes).values(input).onConflictDoNothing().returning();
  if (!row) throw new ConflictError(`A tax code named "${input.name}" already exists`);
  return toTaxCode(row);
}

/** Changes a code; making one the default takes the flag from the one that had it, in one transaction. */
export async function updateTaxCode(db: DbExecutor, input: TaxCodeUpdateInput): Promise<TaxCode> {
  const { id, version, ...changes } = input;
  return db.transaction(async (tx) => {
    const [existing] = await tx.select().from(taxCodes).where(eq(taxCodes.id, id)).for("update");
    if (!existing) throw NotFoundError.of("Tax code");
    if (version !== undefined && existing.version !== version) throw new StaleVersionError("tax code");
    if (changes.archived && (existing.isDefault || changes.isDefault))
      throw new ConflictError("The default tax code cannot be archived: make another the default first");
    if (changes.name && changes.name !== existing.name) {
      const [taken] = await tx.select({ id: taxCodes.id }).from(taxCodes).where(eq(taxCodes.name, changes.name));
      if (taken) throw new ConflictError(`A tax code named "${changes.name}" already exists`);
    }
    if (changes.isDefault)
      await tx
        .update(taxCodes)
        .set({ isDefault: false })
        .where(and(eq(taxCodes.isDefault, true), ne(taxCodes.id, id)));
    const [row] = await tx.update(taxCodes).set(changes).where(eq(taxCodes.id, id)).returning();
    return toTaxCode(row!);
  });
}
