// A company's billing details (docs/features.md §11): the tax code it is billed under and where invoices
// go. They live on the company; invoices copy them when drafted.
import { clients, eq, taxCodes, type DbExecutor } from "@repo/db";
import { NotFoundError } from "../errors.js";

export async function setCompanyBilling(
  db: DbExecutor,
  input: { clientId: string; taxCodeId: string | null; billingEmail: string | null; billingAddress: string | null },
): Promise<void> {
  if (input.taxCodeId) {
    const [code] = await db.select({ id: taxCodes.id }).from(taxCodes).where(eq(taxCodes.id, input.taxCodeId));
    if (!code) throw NotFoundError.of("Tax code");
  }
  const changed = await db
    .update(clients)
    .set({ taxCodeId: input.taxCodeId, billingEmail: input.billingEmail, billingAddress: input.billingAddress || null })
    .where(eq(clients.id, input.clientId))
    .returning({ id: clients.id });
  if (changed.length === 0) throw NotFoundError.of("Company");
}
