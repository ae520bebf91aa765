// Agreements (docs/features.md §11): what a company is billed under. Recurring lines, how work types are
// treated (included at no charge, or a rate of the agreement's own), and prepaid hour blocks. An admin
// writes them; whoever sees money reads them. A change reaches the next draft: approved invoices keep
// what they were made from.
import {
  agreementLines,
  agreementWorkTypes,
  agreements,
  asc,
  catalogueItems,
  clients,
  eq,
  inArray,
  invoices,
  isUuid,
  prepaidBlocks,
  workTypes,
  type DbExecutor,
} from "@repo/db";
import { isoDay } from "@repo/content";
import type { Agreement, AgreementCreateInput, AgreementUpdateInput } from "@repo/validators";
import { ConflictError, NotFoundError, StaleVersionError } from "../errors.js";
import { blocksOf } from "./blocks.js";
import { releaseGenerated } from "./draft.js";

type AgreementRow = typeof agreements.$inferSelect;

async function toAgreement(db: DbExecutor, row: AgreementRow, clientName: string): Promise<Agreement> {
  const [lines, types, blocks] = await Promise.all([
    db
      .select({ line: agreementLines, itemName: catalogueItems.name, unit: catalogueItems.unit })
      .from(agreementLines)
      .innerJoin(catalogueItems, eq(catalogueItems.id, agreementLines.catalogueItemId))
      .where(eq(agreementLines.agreementId, row.id))
      .orderBy(asc(agreementLines.sortOrder)),
    db
      .select({ type: agreementWorkTypes, workTypeName: workTypes.name })
      .from(agreementWorkTypes)
      .innerJoin(workTypes, eq(workTypes.id, agreementWorkTypes.workTypeId))
      .where(eq(agreementWorkTypes.agreementId, row.id))
      .orderBy(asc(workTypes.sortOrder)),
    db
      .select()
      .from(prepaidBlocks)
      .where(eq(prepaidBlocks.agreementId, row.id))
      .orderBy(asc(prepaidBlocks.purchasedOn), asc(prepaidBlocks.expiresOn)),
  ]);
  const today = isoDay();
  return {
    id: row.id,
    clientId: row.clientId,
    clientName,
    name: row.name,
    startDate: row.startDate,
    endDate: row.endDate,
    billingDay: row.billingDay,
    active: row.startDate <= today && (row.endDate === null || row.endDate >= today),
    lines: lines.map(({ line, itemName, unit }) => ({
      id: line.id,
      catalogueItemId: line.catalogueItemId,
      itemName,
      unit,
      quantitySource: line.quantitySource,
      fixedQuantity: line.fixedQuantity,
      unitPriceCents: line.unitPriceCents,
    })),
    workTypes: types.map(({ type, workTypeName }) => ({
      workTypeId: type.workTypeId,
      workTypeName,
      treatment: type.treatment,
      hourlyRateCents: type.hourlyRateCents,
    })),
    blocks: await blocksOf(db, blocks, true, today),
    version: row.version,
  };
}

export async function listAgreements(db: DbExecutor, clientId?: string): Promise<Agreement[]> {
  const rows = await db
    .select({ agreement: agreements, clientName: clients.name })
    .from(agreements)
    .innerJoin(clients, eq(clients.id, agreements.clientId))
    .where(clientId ? eq(agreements.clientId, clientId) : undefined)
    .orderBy(asc(clients.name), asc(agreements.startDate));
  return Promise.all(rows.map((r) => toAgreement(db, r.agreement, r.clientName)));
}

export async function readAgreement(db: DbExecutor, id: string): Promise<Agreement> {
  if (!isUuid(id)) throw NotFoundError.of("Agreement");
  const [row] = await db
    .select({ agreement: agreements, clientName: clients.name })
    .from(agreements)
    .innerJoin(clients, eq(clients.id, agreements.clientId))
    .where(eq(agreements.id, id));
  if (!row) throw NotFoundError.of("Agreement");
  return toAgreement(db, row.agreement, row.clientName);
}

/** Refuses a line naming an unknown or one-off item: agreements bill recurring services. */
async function checkLines(db: DbExecutor, lines: AgreementCreateInput["lines"]): Promise<void> {
  if (!lines?.length) return;
  const items = await db
    .select({ id: catalogueItems.id, unit: catalogueItems.unit, name: catalogueItems.name })
    .from(catalogueItems)
    .where(
      inArray(
        catalogueItems.id,
        lines.map((l) => l.catalogueItemId),
      ),
    );
  const byId = new Map(items.map((i) => [i.id, i]));
  for (const line of lines) {
    const item = byId.get(line.catalogueItemId);
    if (!item) throw NotFoundError.of("Catalogue item");
    if (item.unit === "one_off")
      throw new ConflictError(`"${item.name}" is a one-off item: add it to an invoice instead`);
  }
}

async function writeParts(db: DbExecutor, agreementId: string, input: Partial<AgreementCreateInput>): Promise<void> {
  if (input.lines) {
    await db.delete(agreementLines).where(eq(agreementLines.agreementId, agreementId));
    if (input.lines.length > 0)
      await db.insert(agreementLines).values(
        input.lines.map((line, i) => ({
          agreementId,
          catalogueItemId: line.catalogueItemId,
          quantitySource: line.quantitySource,
          fixedQuantity: line.fixedQuantity ?? 1,
          unitPriceCents: line.unitPriceCents ?? null,
          sortOrder: i,
        })),
      );
  }
  if (input.workTypes) {
    await db.delete(agreementWorkTypes).where(eq(agreementWorkTypes.agreementId, agreementId));
    if (input.workTypes.length > 0)
      await db.insert(agreementWorkTypes).values(
        input.workTypes.map((w) => ({
          agreementId,
          workTypeId: w.workTypeId,
          treatment: w.treatment,
          hourlyRateCents: w.treatment === "rate" ? w.hourlyRateCents : null,
        })),
      );
  }
}

export async function createAgreement(db: DbExecutor, input: AgreementCreateInput): Promise<Agreement> {
  await checkLines(db, input.lines);
  const id = await db.transaction(async (tx) => {
    const [company] = await tx.select({ id: clients.id }).from(clients).where(eq(clients.id, input.clientId));
    if (!company) throw NotFoundError.of("Company");
    const [row] = await tx
      .insert(agreements)
      .values({
        clientId: input.clientId,
        name: input.name,
        startDate: input.startDate,
        endDate: input.endDate ?? null,
        billingDay: input.billingDay ?? 1,
      })
      .returning();
    await writeParts(tx, row!.id, input);
    return row!.id;
  });
  return readAgreement(db, id);
}

export async function updateAgreement(db: DbExecutor, input: AgreementUpdateInput): Promise<Agreement> {
  const { id, version, lines, workTypes: types, ...changes } = input;
  await checkLines(db, lines);
  await db.transaction(async (tx) => {
    const [existing] = await tx.select().from(agreements).where(eq(agreements.id, id)).for("update");
    if (!existing) throw NotFoundError.of("Agreement");
    if (version !== undefined && existing.version !== version) throw new StaleVersionError("agreement");
    const startDate = changes.startDate ?? existing.startDate;
    const endDate = changes.endDate === undefined ? existing.endDate : changes.endDate;
    if (endDate !== null && endDate < startDate) throw new ConflictError("End date must not be before the start date");
    // The version moves on any change, the lines' too, so an editor working from an older copy is told.
    await tx
      .update(agreements)
      .set({ ...changes, endDate })
      .where(eq(agreements.id, id));
    await writeParts(tx, id, { lines, workTypes: types });
  });
  return readAgreement(db, id);
}

/** Deletes an agreement nothing was invoiced from; one with invoices is ended instead (set an end date). */
export async function deleteAgreement(db: DbExecutor, id: string): Promise<void> {
  if (!isUuid(id)) throw NotFoundError.of("Agreement");
  await db.transaction(async (tx) => {
    const [agreement] = await tx.select().from(agreements).where(eq(agreements.id, id));
    if (!agreement) throw NotFoundError.of("Agreement");
    await tx.select({ id: clients.id }).from(clients).where(eq(clients.id, agreement.clientId)).for("update");
    const billed = await tx
      .select({ id: invoices.id, status: invoices.status })
      .from(invoices)
      .where(eq(invoices.agreementId, id));
    if (billed.some((i) => i.status !== "draft"))
      throw new ConflictError("This agreement has approved invoices: give it an end date instead");
    for (const draft of billed) {
      await releaseGenerated(tx, draft.id);
      await tx.delete(invoices).where(eq(invoices.id, draft.id));
    }
    await tx.delete(agreements).where(eq(agreements.id, id));
  });
}
