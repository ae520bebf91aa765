// Helpers of the public-website browser tests (site-*.e2e.ts).
import { expect } from "vitest";
import type { Page } from "playwright-core";

/**
 * Waits until React has hydrated the prerendered page: before that, a click on a link is a full page
 * load and a click on a button does nothing. React marks each hydrated element with a fiber key; the
 * page's heading and every control in it must have one.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const elements = [...document.querySelectorAll("h1, main a, main button, main input, main select, main textarea")];
    return elements.length > 0 && elements.every((el) => Object.keys(el).some((key) => key.startsWith("__reactFiber")));
  });
}

/** The path and query string of the page's current URL. */
export function pathAndQuery(page: Page): string {
  const url = new URL(page.url());
  return url.pathname + url.search;
}

/** The text and href of every link in `scope`. */
export async function linksIn(page: Page, selector: string): Promise<[string, string | null][]> {
  return page.locator(selector).evaluateAll((nodes) =>
    nodes.flatMap((node) =>
      [...node.querySelectorAll("a")].map((a) => [a.textContent?.trim() ?? "", a.getAttribute("href")] as [string, string | null]),
    ),
  );
}

/** Starts recording the window `track` events of the page (spec section 7). */
export async function recordTrackEvents(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __tracks: unknown[] };
    w.__tracks = [];
    window.addEventListener("track", (event) => w.__tracks.push((event as CustomEvent).detail));
  });
}

export async function trackEvents(page: Page): Promise<unknown[]> {
  return page.evaluate(() => (window as unknown as { __tracks: unknown[] }).__tracks);
}

/** Fails the test on any uncaught error in the page (a hydration mismatch among them). */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  return errors;
}

/** The visible toast (Mantine notifications: one at a time). */
export async function expectToast(page: Page, title: string, message: string | RegExp): Promise<void> {
  const toast = page.getByRole("alert").filter({ hasText: title });
  await toast.waitFor();
  const text = (await toast.textContent()) ?? "";
  if (typeof message === "string") expect(text).toContain(message);
  else expect(text).toMatch(message);
}
