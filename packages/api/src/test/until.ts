/**
 * Waits until a condition that another connection, process or timer makes true holds, checking every
 * `everyMs`; the test's own timeout bounds the wait.
 */
export async function until(condition: () => boolean | Promise<boolean>, everyMs = 20): Promise<void> {
  while (!(await condition())) await new Promise((r) => setTimeout(r, everyMs));
}
