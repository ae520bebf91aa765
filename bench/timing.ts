// Timing for the in-process benches: two sides run alternately, and in alternating order, so that load
// from elsewhere on the machine and the state of caches weigh on both alike.
import os from "node:os";
import { performance } from "node:perf_hooks";

export interface Percentiles {
  p50: number;
  p95: number;
}

export function percentiles(samples: number[]): Percentiles {
  const xs = [...samples].sort((x, y) => x - y);
  const at = (p: number) => xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
  return { p50: at(50), p95: at(95) };
}

/** p50/p95 of `a` and `b` over `runs` alternated runs each, after `warmup` runs of both. */
export async function timePair(
  a: () => Promise<unknown>,
  b: () => Promise<unknown>,
  { runs, warmup }: { runs: number; warmup: number },
): Promise<{ a: Percentiles; b: Percentiles }> {
  const [pa, pb] = await timeEach([a, b], { runs, warmup });
  return { a: pa!, b: pb! };
}

/**
 * p50/p95 of each of `fns` over `runs` rounds, after `warmup` rounds; each round runs them all, starting
 * one further along each time, so none always runs first (two alternate, as in `timePair`).
 */
export async function timeEach(
  fns: (() => Promise<unknown>)[],
  { runs, warmup }: { runs: number; warmup: number },
): Promise<Percentiles[]> {
  for (let i = 0; i < warmup; i++) await Promise.all(fns.map((fn) => fn()));
  const samples = fns.map(() => [] as number[]);
  for (let i = 0; i < runs; i++) {
    for (let k = 0; k < fns.length; k++) {
      const at = (i + k) % fns.length;
      const start = performance.now();
      await fns[at]!();
      samples[at]!.push(performance.now() - start);
    }
  }
  return samples.map(percentiles);
}

/** The load average, for the line printed beside every figure. */
export const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");

/**
 * One company with many rows against one with few: each of `opens` timed for both, alternated, and printed
 * as p50/p95 per company and the large/small ratio, between two load-average lines.
 */
export async function compareLargeSmall<S>(
  opens: Record<string, (side: S) => Promise<unknown>>,
  { large, small }: { large: S; small: S },
  { runs, warmup, heading }: { runs: number; warmup: number; heading: string },
): Promise<void> {
  console.log(`load average ${loadAverage()}`);
  console.log(`${heading}; ${runs} runs each, alternated; ms`);
  console.log("call                                large p50  large p95  small p50  small p95  ratio p50  ratio p95");
  for (const [name, open] of Object.entries(opens)) {
    const { a, b } = await timePair(
      () => open(large),
      () => open(small),
      { runs, warmup },
    );
    console.log(
      `${name.padEnd(34)} ${a.p50.toFixed(1).padStart(10)} ${a.p95.toFixed(1).padStart(10)} ${b.p50.toFixed(1).padStart(10)} ` +
        `${b.p95.toFixed(1).padStart(10)} ${(a.p50 / b.p50).toFixed(2).padStart(9)}x ${(a.p95 / b.p95).toFixed(2).padStart(9)}x`,
    );
  }
  console.log(`load average ${loadAverage()}`);
}
