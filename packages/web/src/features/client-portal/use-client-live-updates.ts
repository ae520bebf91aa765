import { notifications } from "@mantine/notifications";
import { ticketReference } from "@repo/validators";
import { useRouterState } from "@tanstack/react-router";
import { announce } from "../../components/live-announcer";
import { useLiveUpdates, type LiveEvent } from "../../lib/live-updates";
import { trpc } from "../../lib/trpc";
import { TOASTS } from "../../lib/ui-constants";
import { invalidateTicketLists } from "./use-refresh-ticket";

/** The dashboard's two URLs: where a ticket change also shows "Ticket Updated" (docs/product-spec.md §4). */
const DASHBOARD_PATHS = new Set(["/client", "/client-dashboard"]);

/**
 * Keeps the client portal current while it is open: ticket changes refresh the ticket list and that
 * ticket, a comment refreshes its ticket. The server only sends a client its own company's events.
 */
export function useClientLiveUpdates(): void {
  const utils = trpc.useUtils();
  const pathname = useRouterState({ select: (state) => state.location.pathname });

  useLiveUpdates((event: LiveEvent) => {
    switch (event.type) {
      case "ticket.created":
      case "ticket.updated":
        void invalidateTicketLists(utils);
        if (event.ticketId) {
          void utils.clientPortal.ticket.invalidate({ id: event.ticketId });
          // Resolved, reopened or rated elsewhere (the mail's link): whether and how it is rated changes.
          void utils.ratings.forClient.invalidate({ id: event.ticketId });
          // Staff may have changed who is copied on its replies.
          void utils.clientPortal.ticketCc.invalidate({ id: event.ticketId });
        }
        if (DASHBOARD_PATHS.has(pathname)) {
          notifications.show({
            title: "Ticket Updated",
            message: event.ticketId
              ? `Ticket #${ticketReference(event.ticketId)} has changed.`
              : "Your tickets have changed.",
            priority: TOASTS.livePriority,
          });
        } else if (event.ticketId) {
          // Elsewhere no toast shows (the spec's is the dashboard's); screen-reader users still hear it.
          announce(`Ticket #${ticketReference(event.ticketId)} changed.`);
        }
        break;
      case "comment.created":
        if (event.ticketId) {
          void utils.clientPortal.ticket.invalidate({ id: event.ticketId });
          void utils.clientPortal.commentPage.invalidate({ id: event.ticketId });
          announce(`A new comment on ticket #${ticketReference(event.ticketId)}.`);
        }
        break;
      case "sla.state":
        // SLA states are staff figures; the client portal shows none.
        break;
    }
  });
}
