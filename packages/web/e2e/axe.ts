// axe-core in the browser tests (issue 16): the engine injected into the page from node_modules, since
// `@axe-core/playwright` needs Node 22. `axe.run` with the WCAG 2.0/2.1/2.2 A and AA rules; what counts
// as a failure is a violation of impact serious or critical.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** The rule sets axe runs: WCAG 2.0, 2.1 and 2.2, levels A and AA. */
export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"] as const;

const FAILING_IMPACTS = new Set(["serious", "critical"]);

/** One rule broken on a page: its id, how bad, and the CSS selectors of the nodes that break it. */
export interface AxeFinding {
  id: string;
  impact: string;
  targets: string[];
}

interface AxeResults {
  violations: { id: string; impact?: string | null; nodes: { target: unknown[] }[] }[];
}

/**
 * Adds axe to the page unless this document already has it (a client-side navigation keeps it). Evaluated
 * through the DevTools protocol rather than `addScriptTag`: the server's Content-Security-Policy refuses
 * an inline script, and a test must not weaken the policy it runs under.
 */
async function injectAxe(page: Page): Promise<void> {
  const present = await page.evaluate(() => "axe" in window);
  if (!present) await page.evaluate(AXE_SOURCE);
}

/**
 * The serious and critical violations of the WCAG rules on the page as it is now, outside the elements
 * matching `exclude`. Waits first for the finite animations (a modal's or a toast's transition) to
 * start and end, so colour contrast is measured on the final colours rather than halfway through a fade; a
 * loader's endless spin is not waited for. No time limit of its own: a fixed one (3 s here before) can
 * end before a fade does on a busy machine, and the test's timeout ends a wait that never would. The wait
 * and the run are one round trip to the page.
 */
export async function seriousViolations(page: Page, exclude: string[] = []): Promise<AxeFinding[]> {
  await injectAxe(page);
  const results = await page.evaluate(
    async ([tags, exclude]) => {
      // Mantine starts a transition two animation frames after the element mounts, so a dialog can be in
      // the page before its fade exists: wait for the frames, then for the fades, until none is left.
      const frames = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
      for (let round = 0; round < 10; round++) {
        await frames();
        const transitions = document
          .getAnimations()
          .filter(
            (animation) => animation.playState === "running" && animation.effect?.getTiming().iterations !== Infinity,
          );
        if (transitions.length === 0) break;
        await Promise.allSettled(transitions.map((animation) => animation.finished));
      }
      return (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<unknown> } }).axe.run(
        { include: [["html"]], exclude: exclude.map((selector) => [selector]) },
        { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] },
      );
    },
    [[...WCAG_TAGS], exclude] as const,
  );
  return (results as AxeResults).violations
    .filter((violation) => FAILING_IMPACTS.has(violation.impact ?? ""))
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? "",
      targets: violation.nodes.map((node) => node.target.map(String).join(" ")),
    }));
}

/** One line per finding, "rule (impact): target, target", for a test failure to print. */
export function describeFindings(findings: AxeFinding[]): string[] {
  return findings.map((finding) => `${finding.id} (${finding.impact}): ${finding.targets.join(", ")}`);
}
