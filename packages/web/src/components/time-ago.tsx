import { useSyncExternalStore } from "react";
import { formatExact, formatRelative } from "../lib/format-date";

// One clock for every "2 h ago" on the screen: a single interval, started by the first reader and stopped
// with the last, so a list of 100 tickets does not run 100 timers. The time it gives moves in steps of
// TICK_MS, so that React reads the same value twice within a step (useSyncExternalStore requires it).
const TICK_MS = 30_000;
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: () => void) {
  listeners.add(listener);
  timer ??= setInterval(() => {
    for (const l of listeners) l();
  }, TICK_MS);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

const readNow = () => Math.floor(Date.now() / TICK_MS) * TICK_MS;

/**
 * How long ago a timestamp was ("2 h ago"), kept current; the exact time with its zone on hover. A `prefix`
 * ("Sent") reads as one phrase with it: "Sent 2 h ago".
 */
export function TimeAgo({ iso, prefix }: { iso: string; prefix?: string }) {
  const now = useSyncExternalStore(subscribe, readNow, readNow);
  return (
    <time dateTime={iso} title={formatExact(iso)}>
      {prefix ? `${prefix} ${formatRelative(iso, new Date(now))}` : formatRelative(iso, new Date(now))}
    </time>
  );
}
