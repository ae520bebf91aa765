// The catalogue (docs/features.md §11): what the provider sells. One-off items include the fixed-scope
// packages of @repo/content, seeded by slug with no price (each is quoted: staff type the price when they
// add it to an invoice); recurring services are priced per user, per device or flat, per month.
import { PACKAGES } from "@repo/content";
import { and, asc, catalogueItems, eq, type Database, type DbExecutor } from "@repo/db";
import type { CatalogueItem, CatalogueItemCreateInput, CatalogueItemUpdateInput } from "@repo/validators";
import { ConflictError, NotFoundError, StaleVersionError } from "../errors.js";

type Row = typeof catalogueItems.$inferSelect;

const toItem = (row: Row): CatalogueItem => ({
  id: row.id,
  name: row.name,
  description: row.description,
  unit: row.unit,
  priceCents: row.priceCents,
  taxable: row.taxable,
  packageSlug: row.packageSlug,
  archived: row.archived,
  version: row.version,
});

/** Adds the packages of @repo/content not yet in the catalogue (a new package appears at the next start). */
export async function seedCatalogue(db: Database): Promise<void> {
  const packages = Object.entries(PACKAGES).map(([slug, p], i) => ({
    name: p.name,
    description: `${p.duration} ${p.durationNote}`.trim(),
    unit: "one_off" as const,
    priceCents: 0,
    packageSlug: slug,
    sortOrder: 100 + i,
  }));
  await db.insert(catalogueItems).values(packages).onConflictDoNothing();
}

export async function listCatalogue(db: DbExecutor): Promise<CatalogueItem[]> {
  const rows = await db.select().from(catalogueItems).orderBy(asc(catalogueItems.sortOrder), asc(catalogueItems.name));
  return rows.map(toItem);
}

export async function catalogueItem(db: DbExecutor, id: string): Promise<Row> {
  const [row] = await db.select().from(catalogueItems).where(eq(catalogueItems.id, id));
  if (!row) throw NotFoundError.of("Catalogue item");
  return row;
}

export async function createCatalogueItem(db: DbExecutor, input: CatalogueItemCreateInput): Promise<CatalogueItem> {
  const [row] = await db.insert(catalogueItems).values(input).onConflictDoNothing().returning();
  if (!row) throw new ConflictError(`An item named "${input.name}" already exists`);
  return toItem(row);
}

export async function updateCatalogueItem(db: DbExecutor, input: CatalogueItemUpdateInput): Promise<CatalogueItem> {
  const { id, version, ...changes } = input;
  const existing = await catalogueItem(db, id);
  if (version !== undefined && existing.version !== version) throw new StaleVersionError("catalogue item");
  if (changes.name && changes.name !== existing.name) {
    const [taken] = await db
      .select({ id: catalogueItems.id })
      .from(catalogueItems)
      .where(eq(catalogueItems.name, changes.name));
    if (taken) throw new ConflictError(`An item named "${changes.name}" already exists`);
  }
  const [row] = await db
    .update(catalogueItems)
    .set(changes)
    .where(and(eq(catalogueItems.id, id), eq(catalogueItems.version, existing.version)))
    .returning();
  if (!row) throw new StaleVersionError("catalogue item");
  return toItem(row);
}
