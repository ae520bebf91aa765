// "Draft article" on a resolved or closed ticket (docs/features.md §17): its last public reply becomes an
// internal draft in one action, opened in the article editor.
import { Button } from "@mantine/core";
import { useNavigate } from "@tanstack/react-router";
import { FINISHED_STATUSES, type TicketStatus } from "@repo/validators";
import { readStoredUser } from "../../lib/auth-storage";
import { showCallFailure, showSuccess } from "../../lib/staff-toasts";
import { trpc } from "../../lib/trpc";

export function DraftArticleButton({ ticketId, status }: { ticketId: string; status: TicketStatus }) {
  const navigate = useNavigate();
  const draft = trpc.knowledge.draftFromTicket.useMutation({
    onSuccess: (article) => {
      showSuccess("Draft article saved", `"${article.title}" is an internal draft until you choose its readers.`);
      void navigate({ to: "/knowledge/$id", params: { id: article.id } });
    },
    onError: (error) => showCallFailure(error, "Could not draft an article"),
  });
  const role = readStoredUser()?.role;
  if (!(role === "ADMIN" || role === "AGENT") || !FINISHED_STATUSES.includes(status)) return null;
  return (
    <Button variant="default" onClick={() => draft.mutate({ ticketId })} loading={draft.isPending}>
      Draft article
    </Button>
  );
}
