// Drafts from the day's work (docs/features.md "Time: drafts"): what a person did on each ticket, as blocks
// of minutes. Pure: the caller reads the activity (time/draft-activity.ts) and decides what to show.
//
// The day is a grid of whole minutes. Each minute belongs to at most one ticket, so time on two tickets
// at once counts once:
// - focus: every minute a ticket page was open and in focus (from the first heartbeat of a span to its
//   last, both minutes included) belongs to that ticket; where two spans cover a minute, the one focused
//   later wins (the ticket in front);
// - a reply, a note or a status change marks its own minute, when no focus already holds that minute.
// Each ticket's marked minutes are joined into blocks; a gap of more than `gapMinutes` unmarked minutes
// splits a block. A block lasts from its first to its last minute, less the minutes that belong to other
// tickets within it, and is rounded up to the rounding unit (never below one unit).

import { roundUpMinutes } from "@repo/validators";

export type ActivityKind = "focus" | "reply" | "note" | "status";

export interface Activity {
  ticketId: string;
  kind: ActivityKind;
  start: Date;
  /** The last instant of a focus span; a reply, note or status change has start = end. */
  end: Date;
}

/** Minutes of a ticket the person has already accepted or discarded as a draft: not offered again. */
export interface SettledRange {
  ticketId: string;
  start: Date;
  end: Date;
}

export interface ActivityBlock {
  ticketId: string;
  /** The block's first and last minute (the end is the end of its last minute). */
  start: Date;
  end: Date;
  /** Minutes of the block that belong to this ticket, before rounding. */
  activeMinutes: number;
  /** `activeMinutes` rounded up to the unit: what the draft proposes. */
  minutes: number;
  focusMinutes: number;
  replies: number;
  notes: number;
  statusChanges: number;
}

export interface BlockOptions {
  dayStart: Date;
  dayEnd: Date;
  /** A gap of more unmarked minutes than this splits a block (the issue says 10). */
  gapMinutes: number;
  /** 1, 6 or 15: minutes are rounded up to a multiple of it. */
  roundingMinutes: number;
}

const MINUTE = 60_000;
const FREE = -1;
const SETTLED = -2;

export function activityBlocks(
  activities: readonly Activity[],
  settled: readonly SettledRange[],
  options: BlockOptions,
): ActivityBlock[] {
  const { dayStart, dayEnd } = options;
  const size = Math.round((dayEnd.getTime() - dayStart.getTime()) / MINUTE);
  const minuteOf = (instant: Date) => Math.floor((instant.getTime() - dayStart.getTime()) / MINUTE);
  const clamp = (minute: number) => Math.min(size - 1, Math.max(0, minute));
  const inDay = (a: { start: Date; end: Date }) => a.end >= dayStart && a.start < dayEnd;

  const tickets = [...new Set(activities.map((a) => a.ticketId))];
  const index = new Map(tickets.map((ticket, i) => [ticket, i]));
  const owner = new Int32Array(size).fill(FREE);
  // Settled minutes are held by their ticket's decision: nobody's activity claims them again.
  const settledOf = tickets.map(() => new Uint8Array(size));
  for (const range of settled) {
    const i = index.get(range.ticketId);
    if (i === undefined || !inDay(range)) continue;
    for (let m = clamp(minuteOf(range.start)); m <= clamp(minuteOf(range.end)); m++) settledOf[i]![m] = 1;
  }

  // Focus first, the later-focused span last so that it wins a shared minute.
  const focused = new Uint8Array(size);
  const focus = activities.filter((a) => a.kind === "focus" && inDay(a)).sort((a, b) => +a.start - +b.start);
  for (const span of focus) {
    const i = index.get(span.ticketId)!;
    for (let m = clamp(minuteOf(span.start)); m <= clamp(minuteOf(span.end)); m++) {
      owner[m] = settledOf[i]![m] ? SETTLED : i;
      focused[m] = settledOf[i]![m] ? 0 : 1;
    }
  }
  const events = activities.filter((a) => a.kind !== "focus" && inDay(a));
  const marks = tickets.map(() => new Set<number>());
  for (let m = 0; m < size; m++) if (owner[m]! >= 0) marks[owner[m]!]!.add(m);
  for (const event of events) {
    const i = index.get(event.ticketId)!;
    const m = clamp(minuteOf(event.start));
    if (settledOf[i]![m]) continue;
    if (owner[m] === FREE) owner[m] = i;
    marks[i]!.add(m); // marks the ticket's activity even when another ticket's focus holds the minute
  }

  const spans = tickets.flatMap((ticketId, i) =>
    joinMarks([...marks[i]!], options.gapMinutes).map(([from, to]) => ({ i, ticketId, from, to })),
  );
  // An unmarked minute inside blocks of two tickets goes to the ticket worked on last before it.
  const share = new Int32Array(size).fill(FREE);
  let last = FREE;
  for (let m = 0; m < size; m++) {
    if (owner[m]! >= 0) {
      last = owner[m]!;
      share[m] = last;
      continue;
    }
    if (owner[m] === SETTLED) continue;
    const holders = spans.filter((b) => m >= b.from && m <= b.to && !settledOf[b.i]![m]);
    if (holders.length === 0) continue;
    share[m] = (holders.find((b) => b.i === last) ?? holders[0]!).i;
  }

  const blocks: ActivityBlock[] = [];
  for (const { i, ticketId, from, to } of spans) {
    let active = 0;
    let focusMinutes = 0;
    for (let m = from; m <= to; m++) {
      if (share[m] !== i) continue;
      active++;
      if (focused[m]) focusMinutes++;
    }
    if (active === 0) continue;
    const inBlock = events.filter((e) => e.ticketId === ticketId && between(minuteOf(e.start), from, to));
    const count = (kind: ActivityKind) => inBlock.filter((e) => e.kind === kind).length;
    blocks.push({
      ticketId,
      start: new Date(dayStart.getTime() + from * MINUTE),
      end: new Date(dayStart.getTime() + (to + 1) * MINUTE),
      activeMinutes: active,
      minutes: roundUpMinutes(active, options.roundingMinutes),
      focusMinutes,
      replies: count("reply"),
      notes: count("note"),
      statusChanges: count("status"),
    });
  }
  return blocks.sort((a, b) => +a.start - +b.start || a.ticketId.localeCompare(b.ticketId));
}

const between = (m: number, from: number, to: number) => m >= from && m <= to;

/** Sorted minutes joined into [first, last] runs; a gap of more than `gap` minutes starts a new run. */
function joinMarks(minutes: number[], gap: number): [number, number][] {
  const sorted = minutes.sort((a, b) => a - b);
  const runs: [number, number][] = [];
  for (const m of sorted) {
    const run = runs.at(-1);
    if (run && m - run[1] - 1 <= gap) run[1] = m;
    else runs.push([m, m]);
  }
  return runs;
}
