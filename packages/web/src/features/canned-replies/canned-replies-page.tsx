// /canned-replies (docs/architecture.md §18): the staff member's canned replies and the shared ones. Each can be edited
// and deleted by whoever the API allows (`canEdit`: its author; an admin for a shared one).
import { Badge, Card, Group, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { ConfirmDialog, type ConfirmTexts } from "../../components/confirm-dialog";
import { ItemActionButton } from "../../components/item-action-button";
import { EditableCardsPage } from "../../components/staff-page";
import { toastOutcome } from "../../lib/staff-toasts";
import { trpc } from "../../lib/trpc";
import type { CannedReply } from "./api-types";
import { CannedReplyModal } from "./canned-reply-modal";

export function CannedRepliesPage() {
  const replies = trpc.cannedReplies.list.useQuery();
  const [deleting, setDeleting] = useState<CannedReply | null>(null);

  return (
    <EditableCardsPage
      title="Canned Replies"
      description='Stock answers to insert in a ticket reply: type "/" in the reply box, or use its Canned replies menu.'
      addLabel="New Reply"
      query={replies}
      items={replies.data}
      noun="canned replies"
      card={(reply, edit) => (
        <Card key={reply.id} withBorder padding="lg" component="article" aria-label={reply.title}>
          <Stack gap={6} style={{ flex: 1 }}>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Title order={2} size="h4">
                {reply.title}
              </Title>
              <Badge variant="light" color={reply.shared ? "blue" : "gray"} style={{ flexShrink: 0 }}>
                {reply.shared ? "Shared" : "Private"}
              </Badge>
            </Group>
            <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }} lineClamp={5}>
              {reply.body}
            </Text>
            <Text size="xs" c="dimmed" mt="auto">
              By {reply.authorName}
            </Text>
          </Stack>
          {reply.canEdit && (
            <Group justify="flex-end" mt="md" gap="xs">
              <ItemActionButton action="Edit" item={reply.title} onClick={edit} />
              <ItemActionButton action="Delete" item={reply.title} color="red" onClick={() => setDeleting(reply)} />
            </Group>
          )}
        </Card>
      )}
      modal={CannedReplyModal}
    >
      <DeleteCannedReplyDialog reply={deleting} onClose={() => setDeleting(null)} />
    </EditableCardsPage>
  );
}

const deleteTexts: ConfirmTexts = { title: "Delete Canned Reply", label: "Delete", pendingLabel: "Deleting..." };

function DeleteCannedReplyDialog({ reply, onClose }: { reply: CannedReply | null; onClose(): void }) {
  const utils = trpc.useUtils();
  const remove = trpc.cannedReplies.delete.useMutation(
    toastOutcome(
      () => ["Canned reply deleted", `"${reply?.title}" has been deleted.`],
      "Failed to delete canned reply",
      () => utils.cannedReplies.list.invalidate().then(onClose),
    ),
  );
  return (
    <ConfirmDialog item={reply} onClose={onClose} texts={deleteTexts} mutation={remove} input={(r) => ({ id: r.id })}>
      "{reply?.title}" will be deleted{reply?.shared ? " for everyone on the team" : ""}. Replies already sent keep
      their text.
    </ConfirmDialog>
  );
}
