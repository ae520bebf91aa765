// The background-task runner's two options for a task that backs off (mail in over IMAP, status.ts): the
// ticks it lets pass, and its own one-line failure report instead of a stack trace.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { periodicTasks, runPeriodically } from "./periodic.js";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("runPeriodically", () => {
  it("lets ticks pass while the task asks to wait, then runs again", async () => {
    let runs = 0;
    let waitUntil = 0;
    const stop = runPeriodically("backing off", 1000, async () => void runs++, { skip: () => Date.now() < waitUntil });
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toBe(1);
    waitUntil = Date.now() + 3500;
    await vi.advanceTimersByTimeAsync(3000);
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toBe(2);
    await stop();
  });

  it("reports a failure through logFailure and does not count it as a success", async () => {
    const failures: unknown[] = [];
    const stop = runPeriodically(
      "failing",
      1000,
      async () => {
        throw new Error("refused");
      },
      { logFailure: (error) => failures.push(error) },
    );
    await vi.advanceTimersByTimeAsync(1000);
    expect(failures.map((e) => (e as Error).message)).toEqual(["refused", "refused"]);
    expect(periodicTasks().get("failing")?.lastSuccess).toBeUndefined();
    await stop();
  });
});
