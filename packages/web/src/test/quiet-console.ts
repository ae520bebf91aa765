// Expected noise, silenced only where a test expects it, so that what remains in the output is news.
import { onTestFinished, vi } from "vitest";

/**
 * Drops the console warnings and errors of the current test whose first argument matches `pattern`;
 * every other line still shows. Restored when the test ends.
 */
export function quietExpected(pattern: RegExp): void {
  for (const level of ["warn", "error"] as const) {
    const original = console[level].bind(console);
    const spy = vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      if (typeof args[0] === "string" && pattern.test(args[0])) return;
      original(...args);
    });
    onTestFinished(() => spy.mockRestore());
  }
}

/** happy-dom lays nothing out, so Mantine's focus trap finds no focusable item in an opening menu. */
export const MENU_FOCUS_TRAP = /use-focus-trap\] Failed to find focusable element/;
