// Who sees money (docs/features.md §11): an ADMIN and a VIEWER always, an AGENT only where the billing
// settings allow it, a CLIENT only its own company's invoices and blocks (the company scope does that).
import type { DbExecutor } from "@repo/db";
import type { Scope } from "../auth/scope.js";
import { ForbiddenError } from "../errors.js";
import { readBillingSettings } from "./settings.js";

export async function canSeeMoney(db: DbExecutor, scope: Scope): Promise<boolean> {
  // An API key's billing:read scope, checked at the procedure gate, is an admin's grant of its own.
  if (scope.kind !== "staff" || scope.role !== "AGENT" || scope.apiKeyId) return true;
  return (await readBillingSettings(db)).agentsSeeMoney;
}

export async function requireMoneyReader(db: DbExecutor, scope: Scope): Promise<void> {
  if (!(await canSeeMoney(db, scope))) throw new ForbiddenError("Prices and invoices are not shown to agents");
}
