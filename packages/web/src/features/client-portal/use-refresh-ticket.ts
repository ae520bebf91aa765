import { trpc } from "../../lib/trpc";

type Utils = ReturnType<typeof trpc.useUtils>;

/** Everything that shows the company's tickets as a list: the dashboard's pages and its counters. */
export const invalidateTicketLists = (utils: Utils) =>
  Promise.all([utils.clientPortal.ticketPage.invalidate(), utils.clientPortal.ticketCounts.invalidate()]);

/** After a client changes a ticket: the ticket and the dashboard's list load again. */
export function useRefreshTicket(ticketId: string) {
  const utils = trpc.useUtils();
  return () =>
    Promise.all([
      utils.clientPortal.ticket.invalidate({ id: ticketId }),
      utils.clientPortal.commentPage.invalidate({ id: ticketId }),
      invalidateTicketLists(utils),
    ]);
}
