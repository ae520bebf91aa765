import { notifications } from "@mantine/notifications";
import { ticketReference } from "@repo/validators";
import { useRouterState } from "@tanstack/react-router";
import { useLiveUpdates, type LiveEvent } from "../../lib/live-updates";
import { trpc } from "../../lib/trpc";
import { TOASTS } from "../../lib/ui-constants";

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
        void utils.clientPortal.tickets.invalidate();
        if (event.ticketId) void utils.clientPortal.ticket.invalidate({ id: event.ticketId });
        if (DASHBOARD_PATHS.has(pathname)) {
          notifications.show({
            title: "Ticket Updated",
            message: event.ticketId
              ? `Ticket #${ticketReference(event.ticketId)} has changed.`
              : "Your tickets have changed.",
            priority: TOASTS.livePriority,
          });
        }
        break;
      case "comment.created":
        if (event.ticketId) void utils.clientPortal.ticket.invalidate({ id: event.ticketId });
        break;
      case "sla.state":
        // SLA states are staff figures; the client portal shows none.
        break;
    }
  });
}
