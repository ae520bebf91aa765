// End-to-end harness: the real server (over a fresh seeded database) serving the BUILT web app
// (packages/web/dist, so run `pnpm build` first), driven by Debian's Chromium through playwright-core.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { startTestServer, type TestServer } from "@repo/api/testing";
import { afterAll, afterEach, beforeAll } from "vitest";
import { CHROMIUM, launchChromium } from "./chromium.js";

export const WEB_DIST = fileURLToPath(new URL("../dist", import.meta.url));

export const DESKTOP = { width: 1280, height: 800 };
export const MOBILE = { width: 390, height: 844 };

export interface E2E {
  server: TestServer;
  browser: Browser;
  /** A fresh browser context (own storage) with one page at `path`. */
  open(
    path: string,
    options?: {
      viewport?: { width: number; height: number };
      timezoneId?: string;
      locale?: string;
      reducedMotion?: "reduce" | "no-preference";
    },
  ): Promise<{ page: Page; context: BrowserContext }>;
  /** Closes the contexts opened so far: a test's pages must not go on polling through the next tests. */
  closeContexts(): Promise<void>;
  close(): Promise<void>;
}

/** The test server's options: its configuration (single sign-on at a local provider, say). */
export type E2EOptions = Pick<NonNullable<Parameters<typeof startTestServer>[0]>, "config">;

export async function startE2E(options: E2EOptions = {}): Promise<E2E> {
  if (!existsSync(`${WEB_DIST}/index.html`)) throw new Error(`No web build in ${WEB_DIST}: run pnpm build first`);
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM} (apt-get install chromium)`);
  const server = await startTestServer({ ...options, app: { webDist: WEB_DIST } });
  const browser = await launchChromium();
  const contexts: BrowserContext[] = [];
  const closeContexts = async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close().catch(() => {})));
  };
  return {
    server,
    browser,
    async open(path, options = {}) {
      const context = await browser.newContext({
        viewport: options.viewport ?? DESKTOP,
        baseURL: server.url,
        timezoneId: options.timezoneId,
        locale: options.locale,
        reducedMotion: options.reducedMotion,
      });
      contexts.push(context);
      const page = await context.newPage();
      await page.goto(path);
      return { page, context };
    },
    closeContexts,
    async close() {
      await closeContexts();
      await browser.close();
      await server.close();
    },
  };
}

/**
 * The E2E of one test file: started before its first test and closed after its last. The object is filled
 * in by the beforeAll hook, so read it inside hooks and tests, not at the top of the file.
 */
export function startE2EForFile(): E2E {
  const e2e = {} as E2E;
  beforeAll(async () => {
    Object.assign(e2e, await startE2E());
  });
  // A test's pages keep their sockets, polls and timers running until closed; left open through the file,
  // they made each later test slower on a two-core machine.
  afterEach(() => e2e.closeContexts?.());
  afterAll(() => e2e.close?.());
  return e2e;
}
