// Timing for the in-process benches: two sides run alternately, and in alternating order, so that load
// from elsewhere on the machine and the state of caches weigh on both alike.
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
  for (let i = 0; i < warmup; i++) await Promise.all([a(), b()]);
  const samples = { a: [] as number[], b: [] as number[] };
  const run = async (fn: () => Promise<unknown>, into: number[]) => {
    const start = performance.now();
    await fn();
    into.push(performance.now() - start);
  };
  for (let i = 0; i < runs; i++) {
    const [first, second] = i % 2 === 0 ? (["a", "b"] as const) : (["b", "a"] as const);
    await run(first === "a" ? a : b, samples[first]);
    await run(second === "a" ? a : b, samples[second]);
  }
  return { a: percentiles(samples.a), b: percentiles(samples.b) };
}
