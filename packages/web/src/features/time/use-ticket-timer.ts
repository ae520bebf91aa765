import { trpc } from "../../lib/trpc";
import { showCallFailure, showSuccess } from "../../lib/staff-toasts";
import { formatMinutes } from "@repo/validators";

/**
 * The person's running timer as a ticket page sees it (docs/features.md §10): the server keeps it, so
 * it survives reloads, tabs and devices; starting it here stops (and records) one running elsewhere.
 */
export function useTicketTimer(ticketId: string) {
  const utils = trpc.useUtils();
  const query = trpc.time.timer.useQuery();
  const timer = query.data?.timer ?? null;
  const refresh = () =>
    Promise.all([utils.time.timer.invalidate(), utils.time.entries.invalidate(), utils.time.reminder.invalidate()]);
  const recordedToast = (recorded: { minutes: number; ticketReference: string | null } | null) => {
    if (recorded)
      showSuccess(
        "Time recorded",
        `${formatMinutes(recorded.minutes)}${recorded.ticketReference ? ` on #${recorded.ticketReference}` : ""}.`,
      );
  };
  const start = trpc.time.startTimer.useMutation({
    onSuccess: async ({ recorded }) => {
      recordedToast(recorded);
      await refresh();
    },
    onError: (error) => showCallFailure(error, "Failed to start the timer"),
  });
  const stop = trpc.time.stopTimer.useMutation({
    onSuccess: async ({ recorded }) => {
      recordedToast(recorded);
      await refresh();
    },
    onError: (error) => showCallFailure(error, "Failed to stop the timer"),
  });
  const runningHere = timer?.ticketId === ticketId;
  const busy = start.isPending || stop.isPending;
  return {
    timer,
    loaded: !query.isPending,
    runningHere,
    busy,
    toggle() {
      if (busy || query.isPending) return;
      if (runningHere) stop.mutate();
      else start.mutate({ ticketId });
    },
  };
}

export type TicketTimerState = ReturnType<typeof useTicketTimer>;
