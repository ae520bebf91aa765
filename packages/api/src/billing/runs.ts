// Billing runs (docs/features.md §11): a month's drafts, company by company, each company in a transaction
// of its own that holds the company's row, so a run and a second run of the same month (another admin,
// another instance, a repeat) take turns per company and the later one rebuilds what the earlier drafted.
// The run goes on after the request that started it has answered; its row tells the screen how far it got.
import {
  agreements,
  and,
  asc,
  billingRuns,
  clients,
  eq,
  isUuid,
  lt,
  sql,
  type Database,
  type DbExecutor,
} from "@repo/db";
import type { BillingRun } from "@repo/validators";
import { log } from "../logger.js";
import { NotFoundError } from "../errors.js";
import { agreementsOfMonth, draftInvoice, type RunReference, readRunReference } from "./draft.js";
import { alertLowBlocks } from "./notices.js";

type RunRow = typeof billingRuns.$inferSelect;

/** A running run whose heartbeat is older than this died with its process; a new run may start. */
const STALE_AFTER_MS = 2 * 60_000;

export const toRun = (row: RunRow): BillingRun => ({
  id: row.id,
  month: row.month,
  status: row.status,
  companiesTotal: row.companiesTotal,
  companiesDone: row.companiesDone,
  error: row.error,
  startedAt: row.startedAt.toISOString(),
  finishedAt: row.finishedAt?.toISOString() ?? null,
});

export async function readRun(db: DbExecutor, id: string): Promise<BillingRun> {
  if (!isUuid(id)) throw NotFoundError.of("Billing run");
  const [row] = await db.select().from(billingRuns).where(eq(billingRuns.id, id));
  if (!row) throw NotFoundError.of("Billing run");
  return toRun(row);
}

/** The newest run of a month, if any. */
export async function latestRun(db: DbExecutor, month: string): Promise<BillingRun | null> {
  const [row] = await db
    .select()
    .from(billingRuns)
    .where(eq(billingRuns.month, month))
    .orderBy(sql`${billingRuns.startedAt} desc`)
    .limit(1);
  return row ? toRun(row) : null;
}

/** Drafts one company's invoices for the month, under its row lock; a run passes what it read once. */
export async function draftCompany(
  db: Database,
  clientId: string,
  month: string,
  reference?: RunReference,
): Promise<void> {
  const shared = reference ?? (await readRunReference(db));
  await db.transaction(async (tx) => {
    await tx.select({ id: clients.id }).from(clients).where(eq(clients.id, clientId)).for("update");
    const list = await tx
      .select()
      .from(agreements)
      .where(and(eq(agreements.clientId, clientId), agreementsOfMonth(month)))
      .orderBy(asc(agreements.startDate), asc(agreements.id));
    for (const agreement of list) await draftInvoice(tx, agreement, month, shared);
    await alertLowBlocks(tx, clientId, shared.settings.blockThresholdPercent);
  });
}

async function process(db: Database, run: RunRow): Promise<void> {
  try {
    const companies = await db
      .selectDistinct({ id: agreements.clientId, name: clients.name })
      .from(agreements)
      .innerJoin(clients, eq(clients.id, agreements.clientId))
      .where(agreementsOfMonth(run.month))
      .orderBy(asc(clients.name), asc(agreements.clientId));
    await db.update(billingRuns).set({ companiesTotal: companies.length }).where(eq(billingRuns.id, run.id));
    const reference = await readRunReference(db);
    for (const company of companies) {
      try {
        await draftCompany(db, company.id, run.month, reference);
      } catch (error) {
        throw new Error(`${company.name}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
      }
      await db
        .update(billingRuns)
        .set({ companiesDone: sql`${billingRuns.companiesDone} + 1`, heartbeatAt: new Date() })
        .where(eq(billingRuns.id, run.id));
    }
    await db.update(billingRuns).set({ status: "finished", finishedAt: new Date() }).where(eq(billingRuns.id, run.id));
  } catch (error) {
    log.error({ err: error, runId: run.id }, "billing run failed");
    await db
      .update(billingRuns)
      .set({ status: "failed", finishedAt: new Date(), error: error instanceof Error ? error.message : String(error) })
      .where(eq(billingRuns.id, run.id));
  }
}

/**
 * Starts a run of the month, or answers the one already running (two admins pressing at once share it).
 * `done` settles when the run has finished, for the tests and the CLI; the server does not wait for it.
 */
export async function startRun(
  db: Database,
  month: string,
  startedBy: string | null,
): Promise<{ run: BillingRun; done: Promise<void> }> {
  await db
    .update(billingRuns)
    .set({ status: "failed", finishedAt: new Date(), error: "The run stopped with its server" })
    .where(
      and(
        eq(billingRuns.month, month),
        eq(billingRuns.status, "running"),
        lt(billingRuns.heartbeatAt, new Date(Date.now() - STALE_AFTER_MS)),
      ),
    );
  const [started] = await db
    .insert(billingRuns)
    .values({ month, status: "running", startedBy })
    .onConflictDoNothing()
    .returning();
  if (started) return { run: toRun(started), done: process(db, started) };
  const [running] = await db
    .select()
    .from(billingRuns)
    .where(and(eq(billingRuns.month, month), eq(billingRuns.status, "running")));
  if (!running) return startRun(db, month, startedBy); // it finished between the two statements
  return { run: toRun(running), done: Promise.resolve() };
}
