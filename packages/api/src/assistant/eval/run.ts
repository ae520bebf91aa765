// Runs the evaluation set (cases.ts) through the real conversation (chat.ts: drafts, confirmations,
// comments, hand-offs) against a seeded database. Each case runs in a transaction that is rolled back,
// so a ticket opened by one case never changes the counts another case checks.
import {
  asc,
  chatMessages,
  clients,
  columnsOf,
  count,
  eq,
  ticketComments,
  tickets,
  users,
  type Database,
} from "@repo/db";
import type { SessionUser } from "../../auth/session.js";
import { createLocalBus } from "../../events.js";
import { sendChatMessage } from "../chat.js";
import { ticketReference } from "@repo/validators";
import { chatMetaSchema, type Assistant } from "../types.js";
import { EVAL_CATEGORIES, type EvalCase, type EvalCategory, type EvalOutcome } from "./cases.js";

export interface EvalResult {
  case: EvalCase;
  question: string;
  reply: string;
  failures: string[];
}

export interface CategoryRate {
  category: EvalCategory | "overall" | "unseen";
  passed: number;
  total: number;
  rate: number;
}

const COMPANY_USERS = { acme: "client@acme.test", birch: "client@birch.test" } as const;

class Rollback extends Error {}

/** Runs every case; `onResult` sees each one as it finishes. */
export async function runEval(
  db: Database,
  assistant: Assistant,
  cases: EvalCase[],
  onResult?: (result: EvalResult) => void,
): Promise<EvalResult[]> {
  const people = await clientUsers(db);
  const references = await ticketReferences(db);
  const results: EvalResult[] = [];
  for (const evalCase of cases) {
    const result = await runCase(db, assistant, evalCase, people, references);
    onResult?.(result);
    results.push(result);
  }
  return results;
}

async function runCase(
  db: Database,
  assistant: Assistant,
  evalCase: EvalCase,
  people: Record<keyof typeof COMPANY_USERS, SessionUser & { clientId: string }>,
  references: { title: string; reference: string }[],
): Promise<EvalResult> {
  const resolve = (text: string) =>
    text.replace(/\{ref:([^}]+)\}/g, (_, start: string) => {
      const found = references.find((t) => t.title.startsWith(start));
      if (!found) throw new Error(`The eval names a ticket the seed does not have: ${start}`);
      return `#${found.reference}`;
    });
  const turns = (Array.isArray(evalCase.say) ? evalCase.say : [evalCase.say]).map(resolve);
  const user = people[evalCase.who ?? "acme"];
  let outcome: EvalResult | undefined;
  try {
    await db.transaction(async (tx) => {
      const scope = { kind: "company" as const, clientId: user.clientId, userId: user.id };
      const ctx = { db: tx as unknown as Database, bus: createLocalBus(), assistant, user, scope };
      // Each case starts a fresh conversation: no draft of another case is pending.
      await tx.delete(chatMessages).where(eq(chatMessages.clientId, user.clientId));
      let reply = "";
      let commentsBefore = 0;
      let exchange: Awaited<ReturnType<typeof sendChatMessage>> | undefined;
      for (const turn of turns) {
        commentsBefore = await commentCount(tx as unknown as Database);
        exchange = await sendChatMessage(ctx, turn);
        reply = exchange.assistant.content;
      }
      const [row] = await tx
        .select({ meta: chatMessages.meta, ticketId: chatMessages.ticketId })
        .from(chatMessages)
        .where(eq(chatMessages.id, exchange!.assistant.id));
      const meta = chatMetaSchema.parse(row?.meta ?? {});
      const commentsAfter = await commentCount(tx as unknown as Database);
      outcome = {
        case: evalCase,
        question: turns.join(" → "),
        reply,
        failures: judge(evalCase, reply, {
          draft: meta.draft,
          commentDraft: !!meta.commentDraft,
          ticketId: row?.ticketId ?? null,
          commentAdded: commentsAfter > commentsBefore,
          handoff: !!meta.draft?.handoff || !!meta.handedOff,
        }),
      };
      throw new Rollback();
    });
  } catch (error) {
    if (!(error instanceof Rollback) && !outcome) {
      return { case: evalCase, question: turns.join(" → "), reply: "", failures: [`threw: ${String(error)}`] };
    }
  }
  return outcome!;
}

interface Observed {
  draft: { title: string; type: string; priority: string; handoff?: boolean } | undefined;
  commentDraft: boolean;
  ticketId: string | null;
  commentAdded: boolean;
  handoff: boolean;
}

/** What is wrong with a reply, in words; empty when it is right. */
export function judge(evalCase: EvalCase, reply: string, seen: Observed): string[] {
  const failures: string[] = [];
  const text = reply.toLowerCase();
  for (const fragment of evalCase.contains ?? [])
    if (!text.includes(fragment.toLowerCase())) failures.push(`missing "${fragment}"`);
  for (const group of evalCase.containsAny ?? [])
    if (!group.some((f) => text.includes(f.toLowerCase()))) failures.push(`missing one of ${JSON.stringify(group)}`);
  for (const fragment of evalCase.excludes ?? [])
    if (text.includes(fragment.toLowerCase())) failures.push(`must not say "${fragment}"`);
  const ticketDraft = seen.draft && !seen.draft.handoff ? seen.draft : undefined;
  // Each outcome's failures: [whether the turn failed it this way, how to say so].
  const outcomeFailures: Record<EvalOutcome, [boolean, string][]> = {
    "drafts-ticket": [
      [!ticketDraft, "no ticket draft"],
      [!!seen.ticketId, "opened a ticket without confirmation"],
    ],
    "opens-ticket": [[!seen.ticketId, "no ticket opened"]],
    "drafts-comment": [
      [!seen.commentDraft, "no comment draft"],
      [seen.commentAdded, "added a comment without confirmation"],
    ],
    "adds-comment": [[!seen.commentAdded, "no comment added"]],
    "hands-off": [[!seen.handoff, "no hand-off to a person"]],
    nothing: [[!!(seen.draft || seen.commentDraft || seen.ticketId || seen.commentAdded), "acted without being asked"]],
  };
  for (const [failed, failure] of evalCase.does ? outcomeFailures[evalCase.does] : [])
    if (failed) failures.push(failure);
  if (evalCase.draft && ticketDraft) {
    const title = ticketDraft.title.toLowerCase();
    for (const word of evalCase.draft.titleHas ?? [])
      if (!title.includes(word.toLowerCase())) failures.push(`title "${ticketDraft.title}" lacks "${word}"`);
    if (evalCase.draft.type && ticketDraft.type !== evalCase.draft.type)
      failures.push(`type ${ticketDraft.type}, expected ${evalCase.draft.type}`);
    if (evalCase.draft.priority && ticketDraft.priority !== evalCase.draft.priority)
      failures.push(`priority ${ticketDraft.priority}, expected ${evalCase.draft.priority}`);
  }
  return failures;
}

/** What the embedded engine must reach (the issue's bar): overall, and on the categories that must never fail. */
export const THRESHOLDS: Partial<Record<CategoryRate["category"], number>> = {
  overall: 0.95,
  "own-data": 1,
  articles: 1,
  hostile: 1,
};

/** The categories below their threshold, in words; empty when the engine passes. */
export function belowThresholds(table: CategoryRate[]): string[] {
  return table
    .filter((r) => THRESHOLDS[r.category] !== undefined && r.rate < THRESHOLDS[r.category]!)
    .map((r) => `${r.category} ${(r.rate * 100).toFixed(1)}% < ${THRESHOLDS[r.category]! * 100}%`);
}

export function rates(results: EvalResult[]): CategoryRate[] {
  const rate = (category: CategoryRate["category"], of: EvalResult[]): CategoryRate => {
    const passed = of.filter((r) => r.failures.length === 0).length;
    return { category, passed, total: of.length, rate: of.length ? passed / of.length : 1 };
  };
  return [
    ...EVAL_CATEGORIES.map((c) =>
      rate(
        c,
        results.filter((r) => r.case.category === c),
      ),
    ),
    rate(
      "unseen",
      results.filter((r) => r.case.unseen),
    ),
    rate("overall", results),
  ];
}

export function formatRates(engine: string, table: CategoryRate[]): string {
  const lines = table.map(
    (r) =>
      `  ${r.category.padEnd(14)} ${`${r.passed}/${r.total}`.padStart(7)}  ${(r.rate * 100).toFixed(1).padStart(5)}%`,
  );
  return [`${engine} engine`, ...lines].join("\n");
}

async function clientUsers(db: Database) {
  const people = {} as Record<keyof typeof COMPANY_USERS, SessionUser & { clientId: string }>;
  for (const [key, email] of Object.entries(COMPANY_USERS) as [keyof typeof COMPANY_USERS, string][]) {
    const [row] = await db
      .select(columnsOf(users, ["id", "name", "email", "role", "clientId"]))
      .from(users)
      .innerJoin(clients, eq(users.clientId, clients.id))
      .where(eq(users.email, email));
    if (!row?.clientId) throw new Error(`The eval needs the demo seed (no ${email})`);
    people[key] = { ...row, clientId: row.clientId };
  }
  return people;
}

async function ticketReferences(db: Database) {
  const rows = await db.select({ id: tickets.id, title: tickets.title }).from(tickets).orderBy(asc(tickets.createdAt));
  return rows.map((t) => ({ title: t.title, reference: ticketReference(t.id) }));
}

async function commentCount(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(ticketComments);
  return row?.n ?? 0;
}
