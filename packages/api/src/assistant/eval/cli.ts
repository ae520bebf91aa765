// `pnpm eval:assistant`: the answer rate per category of the evaluation set (cases.ts), for the embedded
// engine and, when AI_BASE_URL, AI_API_KEY and AI_MODEL are set, for the OpenAI-compatible engine too.
// Runs on a fresh seeded test database (PGlite, or PostgreSQL when TEST_DATABASE_URL is set).
// `--verbose` prints every failed case with its reply. Exits 1 when the embedded engine misses a threshold.
import { seedDemo } from "@repo/db";
import { createTestDatabase } from "@repo/db/testing";
import { EmbeddedAssistant } from "../embedded.js";
import { KnowledgeBase } from "../knowledge-index.js";
import { OpenAiAssistant } from "../openai.js";
import type { Assistant } from "../types.js";
import { EVAL_CASES } from "./cases.js";
import { belowThresholds, formatRates, rates, runEval, type EvalResult } from "./run.js";

const verbose = process.argv.includes("--verbose");
const database = await createTestDatabase();
let failedThresholds: string[] = [];
try {
  await seedDemo(database.db);
  const knowledge = new KnowledgeBase();
  const embedded = new EmbeddedAssistant(knowledge);
  const engines: [string, Assistant][] = [["embedded", embedded]];
  const { AI_BASE_URL, AI_API_KEY, AI_MODEL } = process.env;
  if (AI_BASE_URL) {
    engines.push([
      `openai-compatible (${AI_MODEL ?? "no AI_MODEL"})`,
      new OpenAiAssistant({
        baseURL: AI_BASE_URL,
        apiKey: AI_API_KEY ?? "none",
        model: AI_MODEL ?? "default",
        fallback: embedded,
        knowledge,
      }),
    ]);
  }
  console.log(`${EVAL_CASES.length} questions`);
  for (const [name, engine] of engines) {
    const results = await runEval(database.db, engine, EVAL_CASES);
    const table = rates(results);
    console.log(formatRates(name, table));
    if (verbose) printFailures(results);
    if (engine === embedded) failedThresholds = belowThresholds(table);
  }
} finally {
  await database.close();
}
if (failedThresholds.length) {
  console.log(`Below the thresholds: ${failedThresholds.join("; ")}`);
  process.exitCode = 1;
}

function printFailures(results: EvalResult[]) {
  for (const r of results.filter((x) => x.failures.length)) {
    console.log(`\n  ✗ [${r.case.category}${r.case.unseen ? ", unseen" : ""}] ${r.question}`);
    console.log(`    ${r.failures.join("; ")}`);
    console.log(`    reply: ${r.reply.replace(/\n/g, "\n           ").slice(0, 600)}`);
  }
}
