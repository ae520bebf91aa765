// Focus time (docs/features.md "Time: drafts"): a staff member's open, focused ticket page sends a
// heartbeat every FOCUS_HEARTBEAT_MS over the live-updates socket; this records them as spans. Each
// process remembers every person's open span, so a heartbeat costs one UPDATE by primary key; a second
// process (or a restart) opens a new span, and overlapping spans count once when drafted.
import { eq, timeFocusSpans, type DbExecutor } from "@repo/db";
import { FOCUS_HEARTBEAT_MS } from "@repo/validators";

/** A span ends when no heartbeat came for this long: two missed beats and a little slack. */
export const FOCUS_GRACE_MS = 2 * FOCUS_HEARTBEAT_MS + 15_000;
/** Heartbeats closer than this to the last one change nothing (a page that sends too often). */
const MIN_BEAT_MS = FOCUS_HEARTBEAT_MS / 3;

interface OpenSpan {
  id: string;
  ticketId: string;
  lastSeen: number;
}

export interface FocusRecorder {
  /** Records that `userId` has `ticketId` open and in focus now. */
  beat(userId: string, ticketId: string, now?: Date): Promise<void>;
}

export function focusRecorder(db: DbExecutor): FocusRecorder {
  const open = new Map<string, OpenSpan>();
  return {
    async beat(userId, ticketId, now = new Date()) {
      const at = now.getTime();
      const span = open.get(userId);
      if (span && span.ticketId === ticketId && at - span.lastSeen <= FOCUS_GRACE_MS) {
        if (at - span.lastSeen < MIN_BEAT_MS) return;
        span.lastSeen = at;
        await db.update(timeFocusSpans).set({ lastSeenAt: now }).where(eq(timeFocusSpans.id, span.id));
        return;
      }
      // Another ticket in front, or a pause: the old span ends at its last heartbeat, a new one starts.
      const [row] = await db
        .insert(timeFocusSpans)
        .values({ userId, ticketId, startedAt: now, lastSeenAt: now })
        .returning({ id: timeFocusSpans.id });
      open.set(userId, { id: row!.id, ticketId, lastSeen: at });
    },
  };
}
