// What a client's people see of billing besides invoices (docs/features.md §11): their company's prepaid
// hours, what each block has left and when it expires. Prices are the company's own, so it sees them.
import { agreements, asc, eq, prepaidBlocks, type DbExecutor } from "@repo/db";
import type { Block } from "@repo/validators";
import type { CompanyScope } from "../auth/scope.js";
import { blocksOf } from "./blocks.js";

export async function clientBlocks(db: DbExecutor, scope: CompanyScope): Promise<Block[]> {
  const rows = await db
    .select({ block: prepaidBlocks })
    .from(prepaidBlocks)
    .innerJoin(agreements, eq(agreements.id, prepaidBlocks.agreementId))
    .where(eq(agreements.clientId, scope.clientId))
    .orderBy(asc(prepaidBlocks.purchasedOn), asc(prepaidBlocks.expiresOn));
  return blocksOf(
    db,
    rows.map((r) => r.block),
    true,
  );
}
