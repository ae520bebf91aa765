// Helpers of the public-website browser tests (site-*.e2e.ts).
import { expect } from "vitest";
import type { Page } from "playwright-core";

/**
 * Waits until React has hydrated every island of the prerendered page (src/islands): before that, a click
 * on a button does nothing and a Get a quote click is not tracked. entry-site.tsx marks <html> with
 * data-hydrated once all have; and every control inside an island must then carry React's fiber key.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    if (!document.documentElement.hasAttribute("data-hydrated")) return false;
    const controls = [...document.querySelectorAll("[data-island] :is(a, button, input, select, textarea)")];
    return controls.every((el) => Object.keys(el).some((key) => key.startsWith("__reactFiber")));
  });
}

/** The path and query string of the page's current URL. */
export function pathAndQuery(page: Page): string {
  const url = new URL(page.url());
  return url.pathname + url.search;
}

/** The text and href of every link in `scope`. */
export async function linksIn(page: Page, selector: string): Promise<[string, string | null][]> {
  return page
    .locator(selector)
    .evaluateAll((nodes) =>
      nodes.flatMap((node) =>
        [...node.querySelectorAll("a")].map(
          (a) => [a.textContent?.trim() ?? "", a.getAttribute("href")] as [string, string | null],
        ),
      ),
    );
}

/**
 * Records the window `track` events of the page (docs/product-spec.md §7) into the returned list. The list lives in
 * the test, not the page: the Get a quote click that dispatches the event also loads another page.
 */
export async function recordTrackEvents(page: Page): Promise<unknown[]> {
  const events: unknown[] = [];
  await page.exposeFunction("__recordTrack", (detail: unknown) => events.push(detail));
  await page.evaluate(() => {
    const record = (window as unknown as { __recordTrack: (detail: unknown) => void }).__recordTrack;
    window.addEventListener("track", (event) => record((event as CustomEvent).detail));
  });
  return events;
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

/** The path of every script the page requests from now on, in the returned list. */
export function recordScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}

/**
 * Clicks the submit button `submit` with the form's request to `url` held back, expects the button to read
 * `pendingLabel` and be disabled meanwhile, then lets the request go.
 */
export async function submitAndSeePending(page: Page, url: string, submit: string, pendingLabel: string) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });

  await page.getByRole("button", { name: submit }).click();
  const pending = page.getByRole("button", { name: pendingLabel });
  await pending.waitFor();
  expect(await pending.isDisabled()).toBe(true);
  release();
}

/** On a form's thank-you screen, clicks `another` and waits until the form is back with its `submit` button. */
export async function startAnother(page: Page, another: string, submit: string): Promise<void> {
  await page.getByRole("button", { name: another }).click();
  await page.getByRole("button", { name: submit }).waitFor();
}
