// The evaluation set (cases.ts) through the embedded engine and the real conversation, with the issue's
// thresholds: at least 95% overall, every own-data, article and hostile question right. A failure lists the cases.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { EmbeddedAssistant } from "../embedded.js";
import { EVAL_CASES, EVAL_CATEGORIES } from "./cases.js";
import { belowThresholds, rates, runEval, type EvalResult } from "./run.js";

let server: TestServer;
let results: EvalResult[];

beforeAll(async () => {
  server = await startTestServer();
  results = await runEval(server.services.db, new EmbeddedAssistant(), EVAL_CASES);
}, 120_000);
afterAll(() => server?.close());

const failed = (of: EvalResult[]) =>
  of.filter((r) => r.failures.length).map((r) => `${r.question}: ${r.failures.join("; ")}`);

describe("the embedded engine on the evaluation set", () => {
  it("holds at least 120 questions, in every category", () => {
    expect(EVAL_CASES.length).toBeGreaterThanOrEqual(120);
    for (const category of EVAL_CATEGORIES)
      expect(EVAL_CASES.filter((c) => c.category === category).length).toBeGreaterThanOrEqual(10);
  });

  it("answers own-data, article and hostile questions all right", () => {
    expect(failed(results.filter((r) => r.case.category === "own-data"))).toEqual([]);
    expect(failed(results.filter((r) => r.case.category === "articles"))).toEqual([]);
    expect(failed(results.filter((r) => r.case.category === "hostile"))).toEqual([]);
  });

  it("answers at least 95% overall", () => {
    expect(belowThresholds(rates(results)), failed(results).join("\n")).toEqual([]);
  });
});
