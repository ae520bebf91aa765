import { ticketReference } from "@repo/validators";
import { announce } from "../../components/live-announcer";
import type { LiveEvent, LiveSend } from "../../lib/live-updates";
import { useLiveUpdates } from "../../lib/live-updates";
import { trpc } from "../../lib/trpc";

/**
 * What the staff portal refetches when the server says something changed (docs/product-spec.md §4): ticket
 * events and sla.state refresh the list, the metrics and the view counts; an event naming a ticket also
 * refreshes that ticket, its conversation, its history, its rating, its links (a link made on the other
 * ticket's page) and its CC list. Only queries on screen refetch; the rest are marked stale.
 * Screen-reader users hear what changed, since nothing on screen tells them (components/live-announcer).
 * Returns the socket's sender, for the ticket page's focus heartbeat.
 */
export function useStaffLiveUpdates(): LiveSend {
  const utils = trpc.useUtils();
  return useLiveUpdates((event: LiveEvent) => {
    void utils.tickets.list.invalidate();
    void utils.metrics.overview.invalidate();
    // The agent desk's view counts move with every ticket change (docs/architecture.md §18).
    void utils.views.counts.invalidate();
    announce(event.ticketId ? `Ticket #${ticketReference(event.ticketId)} changed.` : "Tickets changed.");
    if (event.ticketId) {
      void utils.tickets.get.invalidate({ id: event.ticketId });
      void utils.tickets.history.invalidate({ id: event.ticketId });
      void utils.tickets.commentPage.invalidate({ id: event.ticketId });
      // A requester's rating arrives as ticket.updated (docs/architecture.md §18).
      void utils.ratings.forTicket.invalidate({ id: event.ticketId });
      void utils.tickets.links.invalidate({ id: event.ticketId });
      // A mail that reached the ticket, or another staff member, may have changed its CC list.
      void utils.tickets.cc.invalidate({ id: event.ticketId });
    }
  });
}
