// "Assign to me" on the list and on the ticket (docs/architecture.md §18), through tickets.assignToMe.
import { ticketReference } from "@repo/validators";
import { showCallFailure, showSuccess } from "../../lib/staff-toasts";
import { trpc } from "../../lib/trpc";
import { isSessionExpired } from "../../lib/use-session-expiry";

export function useAssignToMe() {
  const utils = trpc.useUtils();
  const mutation = trpc.tickets.assignToMe.useMutation({
    onSuccess: async (ticket) => {
      showSuccess("Ticket assigned", `Ticket #${ticketReference(ticket.id)} is assigned to you.`);
      utils.tickets.get.setData({ id: ticket.id }, ticket);
      await Promise.all([
        utils.tickets.list.invalidate(),
        utils.views.counts.invalidate(),
        utils.tickets.history.invalidate({ id: ticket.id }),
      ]);
    },
    onError: (error) => !isSessionExpired(error) && showCallFailure(error, "Failed to assign the ticket"),
  });
  return {
    run: (id: string) => mutation.mutate({ id }),
    pendingId: mutation.isPending ? (mutation.variables?.id ?? null) : null,
  };
}
