// A task run now and then every `intervalMs`, for the server's background work (the SLA sweep, the
// purge of expired rows). A slow run is never overlapped by the next, a failed run is logged and the
// next one tries again, and the timer does not keep the process alive.

/** Starts the task; the returned stop function resolves once a run in flight has finished. */
export function runPeriodically(label: string, intervalMs: number, task: () => Promise<unknown>): () => Promise<void> {
  let current: Promise<void> | null = null;
  const tick = () => {
    if (current) return;
    current = task()
      .then(
        () => undefined,
        (error: unknown) => console.error(`${label} failed`, error),
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
  };
}
