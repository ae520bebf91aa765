import type { LiveEvent } from "../../lib/live-updates";
import { useLiveUpdates } from "../../lib/live-updates";
import { trpc } from "../../lib/trpc";

/**
 * What the staff portal refetches when the server says something changed (docs/product-spec.md §4): ticket
 * events and sla.state refresh the list and the metrics; an event naming a ticket also refreshes that
 * ticket, its conversation and its history. Only queries on screen refetch; the rest are marked stale.
 */
export function useStaffLiveUpdates() {
  const utils = trpc.useUtils();
  useLiveUpdates((event: LiveEvent) => {
    void utils.tickets.list.invalidate();
    void utils.metrics.overview.invalidate();
    if (event.ticketId) {
      void utils.tickets.get.invalidate({ id: event.ticketId });
      void utils.tickets.history.invalidate({ id: event.ticketId });
    }
  });
}
