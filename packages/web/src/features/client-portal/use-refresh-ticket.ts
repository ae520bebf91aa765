import { trpc } from "../../lib/trpc";

/** After a client changes a ticket: the ticket and the dashboard's list load again. */
export function useRefreshTicket(ticketId: string) {
  const utils = trpc.useUtils();
  return () =>
    Promise.all([utils.clientPortal.ticket.invalidate({ id: ticketId }), utils.clientPortal.tickets.invalidate()]);
}
