// Lighthouse's own figure for the marketing pages (issue 45): the `lighthouse` package's default profile
// (mobile: a Moto G Power-sized screen, simulated throttling: Lantern replays the load as if over 150 ms
// round trips at 1.6 Mbit/s with the CPU 4x slower), the figure PageSpeed Insights shows. Run by
// bench/web-weight.ts against the same server; each run is a fresh Lighthouse navigation (storage and
// cache cleared) in Debian's Chromium launched by chrome-launcher.
// Goals per page: median LCP of the runs at most 1,000 ms, no run over 1,500 ms, the four category
// scores 100 (docs/performance.md §7, "Lighthouse mobile").
//   WEB_LIGHTHOUSE_RUNS   runs per page (5)
//   WEB_LIGHTHOUSE_PAGES  a regular expression: only the pages it matches (e.g. '^/services/')
//   WEB_LIGHTHOUSE_DETAIL=1  each run's LCP phases and the main-thread work before the LCP paint
//   WEB_LIGHTHOUSE_SAVE=<dir>  each run's full report as JSON, for Lighthouse's viewer
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Result } from "lighthouse";
import { CHROMIUM } from "../packages/web/e2e/chromium.js";

export const LCP_MEDIAN_MS = 1000;
export const LCP_RUN_MS = 1500;
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

export interface LighthouseRow {
  page: string;
  lcpMedianMs: number;
  lcpSpreadMs: string;
  fcpMedianMs: number;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
}

export interface LighthousePage {
  row: LighthouseRow;
  failures: string[];
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** The LCP's phases as Lighthouse reports them (the second table of `largest-contentful-paint-element`). */
function lcpPhases(lhr: Result): string {
  const details = lhr.audits["largest-contentful-paint-element"]?.details as
    | { items?: { items?: { phase?: string; timing?: number }[] }[] }
    | undefined;
  const phases = details?.items?.[1]?.items ?? [];
  return phases.map((p) => `${p.phase} ${Math.round(p.timing ?? 0)}`).join(", ");
}

/** The LCP element Lighthouse found, as a short selector. */
function lcpElement(lhr: Result): string {
  const details = lhr.audits["largest-contentful-paint-element"]?.details as
    | { items?: { items?: { node?: { selector?: string; snippet?: string } }[] }[] }
    | undefined;
  const node = details?.items?.[0]?.items?.[0]?.node;
  return (node?.snippet ?? node?.selector ?? "?").slice(0, 90);
}

/** Main-thread tasks (as Lantern simulated them, ms) that end before the LCP: the render delay's causes. */
function tasksBeforeLcp(lhr: Result, lcpMs: number): string {
  const details = lhr.audits["main-thread-tasks"]?.details as
    | { items?: { startTime: number; duration: number }[] }
    | undefined;
  const tasks = (details?.items ?? []).filter((t) => t.startTime < lcpMs && t.duration >= 10);
  const bootup = lhr.audits["bootup-time"]?.details as
    | { items?: { url: string; scripting: number; total: number }[] }
    | undefined;
  const scripts = (bootup?.items ?? [])
    .slice(0, 4)
    .map((s) => `${s.url.replace(/^https?:\/\/[^/]+/, "")} ${Math.round(s.total)}`)
    .join(", ");
  return `${tasks.length} tasks >= 10 ms observed before LCP (${tasks
    .slice(0, 6)
    .map((t) => `${Math.round(t.startTime)}+${Math.round(t.duration)}`)
    .join(" ")}); bootup: ${scripts}`;
}

export function lighthouseSettings() {
  const runs = Number(process.env.WEB_LIGHTHOUSE_RUNS ?? 5);
  const only = process.env.WEB_LIGHTHOUSE_PAGES ? new RegExp(process.env.WEB_LIGHTHOUSE_PAGES) : null;
  return { runs, only };
}

/** `runs` Lighthouse runs of each page, default (mobile) profile; a row per page and what missed a goal. */
export async function lighthousePages(origin: string, pages: string[], runs: number): Promise<LighthousePage[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--disable-dev-shm-usage",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  const detail = process.env.WEB_LIGHTHOUSE_DETAIL === "1";
  const saveDir = process.env.WEB_LIGHTHOUSE_SAVE;
  if (saveDir) mkdirSync(saveDir, { recursive: true });
  const out: LighthousePage[] = [];
  try {
    // One unrecorded run: the server's and Chromium's first-visit costs are not a page's.
    await lighthouse(origin + pages[0], { port: chrome.port, output: "json", logLevel: "error" });
    for (const page of pages) {
      const lcps: number[] = [];
      const fcps: number[] = [];
      const scores: Record<(typeof CATEGORIES)[number], number[]> = {
        performance: [],
        accessibility: [],
        "best-practices": [],
        seo: [],
      };
      for (let run = 0; run < runs; run++) {
        const result = await lighthouse(origin + page, { port: chrome.port, output: "json", logLevel: "error" });
        if (!result) throw new Error(`Lighthouse returned nothing for ${page}`);
        const lhr = result.lhr;
        if (lhr.runtimeError) throw new Error(`Lighthouse on ${page}: ${lhr.runtimeError.message}`);
        const lcp = lhr.audits["largest-contentful-paint"]?.numericValue ?? Number.NaN;
        lcps.push(lcp);
        fcps.push(lhr.audits["first-contentful-paint"]?.numericValue ?? Number.NaN);
        for (const c of CATEGORIES) scores[c].push(Math.round((lhr.categories[c]?.score ?? 0) * 100));
        if (detail) {
          console.log(
            `  ${page} run ${run + 1}: LCP ${Math.round(lcp)} ms (${lcpPhases(lhr)}) on ${lcpElement(lhr)}\n    ${tasksBeforeLcp(lhr, lcp)}`,
          );
        }
        if (saveDir) {
          const name = `${page.replace(/\//g, "_") || "_"}-${run + 1}.json`;
          writeFileSync(join(saveDir, name), result.report as string);
        }
      }
      const row: LighthouseRow = {
        page,
        lcpMedianMs: Math.round(median(lcps)),
        lcpSpreadMs: `${Math.round(Math.min(...lcps))}-${Math.round(Math.max(...lcps))}`,
        fcpMedianMs: Math.round(median(fcps)),
        performance: Math.min(...scores.performance),
        accessibility: Math.min(...scores.accessibility),
        bestPractices: Math.min(...scores["best-practices"]),
        seo: Math.min(...scores.seo),
      };
      const failures: string[] = [];
      if (row.lcpMedianMs > LCP_MEDIAN_MS) failures.push(`median LCP ${row.lcpMedianMs} ms > ${LCP_MEDIAN_MS} ms`);
      const slowest = Math.round(Math.max(...lcps));
      if (slowest > LCP_RUN_MS) failures.push(`a run's LCP ${slowest} ms > ${LCP_RUN_MS} ms`);
      for (const c of CATEGORIES) {
        const low = Math.min(...scores[c]);
        if (low < 100) failures.push(`${c} ${low} < 100 (runs: ${scores[c].join(", ")})`);
      }
      out.push({ row, failures });
    }
  } finally {
    chrome.kill();
  }
  return out;
}
