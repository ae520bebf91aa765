// Debian's Chromium driven by playwright-core (a test tool's own browser download fails on this machine),
// for the browser tests and the page-weight bench (bench/web-weight.ts). No vitest here: the bench imports it.
import { type Browser, chromium } from "playwright-core";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Headless, with the flags that keep Chromium off the network it cannot reach here. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-dev-shm-usage",
    ],
  });
}
