import { Button, Group, Loader, Paper, Stack, Text, Textarea, Title } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { commentCreateInputSchema } from "@repo/validators";
import { AttachmentPicker, useAttachmentUploads } from "../../components/attachment-picker";
import { AttachmentList, type AttachmentItem, filesOf } from "../../components/attachment-list";
import { CommentByline } from "../../components/comment-byline";
import { nextCursorOf, ShowMoreButton } from "../../components/show-more-button";
import { TimeAgo } from "../../components/time-ago";
import { toastCallFailure, toastSuccess } from "../../lib/toasts";
import { trpc } from "../../lib/trpc";
import { useRefreshTicket } from "./use-refresh-ticket";

export interface TicketComment {
  id: string;
  authorName: string;
  content: string;
  createdAt: string;
}

interface TicketCommentsProps {
  ticketId: string;
  /** The ticket's files; each comment shows its own. */
  attachments?: AttachmentItem[];
  /** A client comment on a RESOLVED ticket reopens it (docs/architecture.md); the form says so. */
  resolved: boolean;
}

export function TicketComments({ ticketId, attachments, resolved }: TicketCommentsProps) {
  const refreshTicket = useRefreshTicket(ticketId);
  // A page at a time, oldest first (docs/architecture.md §8); the heading counts them all.
  const list = trpc.clientPortal.commentPage.useInfiniteQuery({ id: ticketId }, { getNextPageParam: nextCursorOf });
  const comments: TicketComment[] = list.data?.pages.flatMap((page) => page.comments) ?? [];
  const total = list.data?.pages[0]?.total ?? 0;
  const uploads = useAttachmentUploads("session");
  const form = useForm({
    mode: "uncontrolled",
    initialValues: { content: "" },
    validate: schemaResolver(commentCreateInputSchema.pick({ content: true }), { sync: true }),
  });
  const add = trpc.clientPortal.addComment.useMutation({
    onSuccess: async () => {
      form.reset();
      uploads.reset();
      toastSuccess("Comment added", resolved ? "The ticket has been reopened." : "Our team has been notified.");
      await refreshTicket();
    },
    onError: (error) => toastCallFailure(error, "Failed to add comment. Please try again."),
  });

  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        Comments ({total})
      </Title>
      {list.isPending ? (
        <Loader size="sm" role="status" aria-label="Loading comments" />
      ) : list.isError ? (
        <Text c="red">Failed to load comments</Text>
      ) : comments.length === 0 ? (
        <Text c="dimmed">No comments yet.</Text>
      ) : (
        <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: "none" }}>
          {comments.map((comment) => (
            <Paper key={comment.id} withBorder p="md" radius="md" component="li" data-testid="comment">
              <CommentByline author={comment.authorName} when={<TimeAgo iso={comment.createdAt} />} wrap="wrap" />
              <Text mt={6} style={{ whiteSpace: "pre-wrap" }}>
                {comment.content}
              </Text>
              <AttachmentList files={filesOf(attachments, comment.id)} />
            </Paper>
          ))}
          <ShowMoreButton list={list} label={`Show more comments (${comments.length} of ${total} shown)`} />
        </Stack>
      )}
      <form
        onSubmit={form.onSubmit((values) => add.mutate({ id: ticketId, content: values.content, ...uploads.attached }))}
        noValidate
        aria-label="Add a comment"
      >
        <Stack gap="xs">
          <Textarea
            label="Add a comment"
            placeholder={
              resolved ? "Still having trouble? Commenting reopens this ticket." : "Write a reply to our team"
            }
            autosize
            minRows={3}
            key={form.key("content")}
            onPaste={uploads.onPaste}
            {...form.getInputProps("content")}
          />
          <AttachmentPicker uploads={uploads} disabled={add.isPending} />
          <Group justify="flex-end">
            <Button type="submit" loading={add.isPending} disabled={uploads.uploading}>
              Add Comment
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
