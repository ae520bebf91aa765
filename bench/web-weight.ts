// Marketing-page weight: the JavaScript a visitor's browser downloads for each public page, gzipped, and
// the page's Largest Contentful Paint, measured in Chromium over the real server serving the built web
// app (run `pnpm --filter @repo/web build` first). Goal (issue 3): at most 100 KB of JS, LCP well under 2.5 s.
//   pnpm exec tsx bench/web-weight.ts          (CHROMIUM_PATH overrides /usr/bin/chromium)
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import type { Browser } from "playwright-core";
import { startTestServer } from "../packages/api/src/test/harness.js";

const webRequire = createRequire(new URL("../packages/web/package.json", import.meta.url));
const { chromium } = webRequire("playwright-core") as typeof import("playwright-core");

const WEB_DIST = fileURLToPath(new URL("../packages/web/dist", import.meta.url));
const PAGES = [
  "/",
  "/about",
  "/pricing",
  "/contact",
  "/submit-ticket",
  "/app-cloud",
  "/security",
  "/device-management",
  "/email-collaboration",
  "/services/email-deliverability",
  "/services/intune-fast-start",
  "/services/cloud-migration-lite",
  "/services/security-hardening-sprint",
];
const BUDGET_KB = 100;

interface Row {
  page: string;
  scripts: number;
  jsGzipKb: number;
  cssGzipKb: number;
  lcpMs: number;
}

async function measure(browser: Browser, origin: string, path: string): Promise<Row> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const bodies: Promise<{ type: string; bytes: number }>[] = [];
  page.on("response", (response) => {
    const type = response.request().resourceType();
    if (type !== "script" && type !== "stylesheet") return;
    bodies.push(response.body().then((body) => ({ type, bytes: gzipSync(body, { level: 9 }).length })));
  });
  await page.goto(origin + path, { waitUntil: "networkidle" });
  // LCP is final once the page has loaded and nothing else paints; read the last buffered entry.
  const lcpMs = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          resolve(entries[entries.length - 1]?.startTime ?? -1);
        }).observe({ type: "largest-contentful-paint", buffered: true });
        setTimeout(() => resolve(-1), 3000);
      }),
  );
  const sizes = await Promise.all(bodies);
  await context.close();
  const sum = (type: string) => sizes.filter((s) => s.type === type).reduce((n, s) => n + s.bytes, 0) / 1024;
  return {
    page: path,
    scripts: sizes.filter((s) => s.type === "script").length,
    jsGzipKb: Math.round(sum("script") * 10) / 10,
    cssGzipKb: Math.round(sum("stylesheet") * 10) / 10,
    lcpMs: Math.round(lcpMs),
  };
}

const server = await startTestServer({ app: { webDist: WEB_DIST } });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  headless: true,
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-dev-shm-usage"],
});
try {
  // One warm-up load so the first row does not pay for Chromium's own start-up.
  await measure(browser, server.url, "/");
  const rows: Row[] = [];
  for (const path of PAGES) rows.push(await measure(browser, server.url, path));
  console.table(rows);
  const worst = Math.max(...rows.map((r) => r.jsGzipKb));
  const worstLcp = Math.max(...rows.map((r) => r.lcpMs));
  console.log(`Largest JS download: ${worst} KB gzipped (budget ${BUDGET_KB} KB). Slowest LCP: ${worstLcp} ms (loopback, no throttling).`);
} finally {
  await browser.close();
  await server.close();
}
