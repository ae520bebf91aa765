// A task run now and then every `intervalMs`, for the server's background work (the SLA sweep, the
// purge of expired rows). A slow run is never overlapped by the next, a failed run is logged and the
// next one tries again, and the timer does not keep the process alive.
import { log } from "../logger.js";

/** When each running task last finished without error (epoch ms), for /metrics (server/metrics.ts). */
const tasks = new Map<string, { lastSuccess?: number }>();

/** The tasks this process runs, by label, with when each last succeeded. */
export const periodicTasks = (): ReadonlyMap<string, { readonly lastSuccess?: number }> => tasks;

export interface PeriodicOptions {
  /** Whether to let this tick pass without a run (a task backing off after failures waits longer). */
  skip?: () => boolean;
  /** Logs a failed run; by default an error line with the stack, which an expected failure does not need. */
  logFailure?: (error: unknown) => void;
}

/** Starts the task; the returned stop function resolves once a run in flight has finished. */
export function runPeriodically(
  label: string,
  intervalMs: number,
  task: () => Promise<unknown>,
  options: PeriodicOptions = {},
): () => Promise<void> {
  const logFailure =
    options.logFailure ?? ((error: unknown) => log.error({ err: error, task: label }, `${label} failed`));
  let current: Promise<void> | null = null;
  const state: { lastSuccess?: number } = {};
  tasks.set(label, state);
  const tick = () => {
    if (current || options.skip?.()) return;
    current = task()
      .then(
        () => {
          state.lastSuccess = Date.now();
        },
        (error: unknown) => logFailure(error),
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
