// Automation rules bench (docs/performance.md, issue 39: "rules evaluated in under 1 ms per rule per
// event"). What it measures: the pure evaluation of a rule's conditions over a ticket already loaded, as
// runRules does for each enabled rule of the event's trigger (automation/conditions.ts), with no database.
// The rules mix every condition kind, text searches over a 5,000-character description included; the
// events vary the ticket so that some rules match and some do not. Loading the rules (one indexed query
// per event) and applying a matched rule's actions (ordinary ticket writes) are not part of it.
//   pnpm bench:rules
//   BENCH_RULES=200 BENCH_EVENTS=20000 pnpm bench:rules
import { performance } from "node:perf_hooks";
import type { AutomationCondition } from "../packages/validators/src/automation.js";
import { conditionsHold, type RuleSubject } from "../packages/api/src/automation/conditions.js";
import { loadAverage } from "./timing.js";

const RULES = Number(process.env.BENCH_RULES ?? 100);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 10_000);
const BUDGET_MS = 1;

const companies = Array.from({ length: 20 }, (_, i) => `0195f0a0-0000-7000-8000-${String(i).padStart(12, "0")}`);
const words = ["printer", "vpn", "outlook", "backup", "laptop", "server", "password", "wifi", "scanner", "teams"];

/** Rule i's conditions: three to six of every kind, as admins write them. */
function conditionsOf(i: number): AutomationCondition[] {
  const word = words[i % words.length]!;
  const all: AutomationCondition[] = [
    { kind: "company", clientIds: companies.slice(i % 5, (i % 5) + 4) },
    { kind: "priority", in: i % 2 ? ["P1", "P2"] : ["P3", "P4"] },
    { kind: "status", in: ["NEW", "TRIAGED", "IN_PROGRESS"] },
    { kind: "type", in: ["INCIDENT", "REQUEST"] },
    { kind: "tags", match: i % 3 ? "any" : "all", tags: [word, "onsite", "vip"] },
    { kind: "text", field: "either", contains: `${word} not responding` },
    { kind: "sender", match: "domain", values: ["acme.test", "birch.test", "example.org"] },
    { kind: "changed", field: "status", to: "WAITING_CUSTOMER" },
  ];
  // Cheap conditions first or last: both orders occur.
  const picked = all.filter((_, k) => (i + k) % 3 !== 0).slice(0, 3 + (i % 4));
  return i % 2 ? picked : picked.reverse();
}

const filler = "The user reports that the device stopped working after the last update. ".repeat(70);
function subjectOf(e: number): RuleSubject {
  const word = words[e % words.length]!;
  return {
    ticket: {
      clientId: companies[e % companies.length]!,
      priority: (["P1", "P2", "P3", "P4"] as const)[e % 4]!,
      status: (["NEW", "TRIAGED", "IN_PROGRESS", "WAITING_CUSTOMER"] as const)[e % 4]!,
      type: (["INCIDENT", "REQUEST", "TASK"] as const)[e % 3]!,
      tags: e % 2 ? [word, "onsite"] : ["vip"],
      title: `${word} not responding in room ${e % 40}`,
      description: `${filler.slice(0, 5000 - 40)} ${word} not responding`,
      requesterEmail: `person${e}@${["acme.test", "birch.test", "other.test"][e % 3]}`,
    },
    changes: e % 5 === 0 ? { status: { from: "IN_PROGRESS", to: "WAITING_CUSTOMER" } } : undefined,
  };
}

const rules = Array.from({ length: RULES }, (_, i) => conditionsOf(i));
const subjects = Array.from({ length: 500 }, (_, e) => subjectOf(e));

let matched = 0;
const evaluate = (events: number) => {
  for (let e = 0; e < events; e++) {
    const subject = subjects[e % subjects.length]!;
    for (const conditions of rules) if (conditionsHold(conditions, subject)) matched++;
  }
};

evaluate(Math.min(1000, EVENTS)); // warm-up: let the JIT settle
matched = 0;
const rounds: number[] = [];
for (let round = 0; round < 5; round++) {
  const start = performance.now();
  evaluate(EVENTS);
  rounds.push(((performance.now() - start) / (EVENTS * RULES)) * 1000); // µs per rule per event
}
rounds.sort((a, b) => a - b);
const median = rounds[2]!;
const worst = rounds[4]!;
console.log(
  `automation rules: ${RULES} rules × ${EVENTS} events, 5 rounds; ${(matched / 5).toFixed(0)} matches a round\n` +
    `  per rule per event: median ${median.toFixed(3)} µs, slowest round ${worst.toFixed(3)} µs ` +
    `(budget ${BUDGET_MS * 1000} µs)\n  load average ${loadAverage()}`,
);
if (worst / 1000 >= BUDGET_MS) process.exitCode = 1;
