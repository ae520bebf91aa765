// Filling forms in the browser tests, by the fields' visible labels.
import type { Locator, Page } from "playwright-core";

/** Types each value into the field labelled with its key, in the order given, within `scope` (a form, a dialog). */
export async function fillLabelled(scope: Page | Locator, fields: Record<string, string>): Promise<void> {
  for (const [label, value] of Object.entries(fields)) await scope.getByLabel(label).fill(value);
}
