// A task run now and then every `intervalMs`, for the server's background work (the SLA sweep, the
// purge of expired rows). A slow run is never overlapped by the next, a failed run is logged and the
// next one tries again, and the timer does not keep the process alive.
import { log } from "../logger.js";

/** When each running task last finished without error (epoch ms), for /metrics (server/metrics.ts). */
const tasks = new Map<string, { lastSuccess?: number }>();

/** The tasks this process runs, by label, with when each last succeeded. */
export const periodicTasks = (): ReadonlyMap<string, { readonly lastSuccess?: number }> => tasks;

/** Starts the task; the returned stop function resolves once a run in flight has finished. */
export function runPeriodically(label: string, intervalMs: number, task: () => Promise<unknown>): () => Promise<void> {
  let current: Promise<void> | null = null;
  const state: { lastSuccess?: number } = {};
  tasks.set(label, state);
  const tick = () => {
    if (current) return;
    current = task()
      .then(
        () => {
          state.lastSuccess = Date.now();
        },
        (error: unknown) => log.error({ err: error, task: label }, `${label} failed`),
      )
      .finally(() => {
        current = null;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  tick();
  return async () => {
    clearInterval(timer);
    await current;
    tasks.delete(label);
  };
}
