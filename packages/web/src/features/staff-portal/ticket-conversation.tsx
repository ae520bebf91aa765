import { Badge, Button, Group, Loader, Paper, SegmentedControl, Select, Stack, Text, TextInput } from "@mantine/core";
import {
  MAX_ENTRY_MINUTES,
  parseDuration,
  TICKET_STATUS_LABELS,
  TICKET_STATUSES,
  type TicketStatus,
} from "@repo/validators";
import { type Ref, useImperativeHandle, useRef, useState } from "react";
import { AttachmentPicker, useAttachmentUploads } from "../../components/attachment-picker";
import { ReplyBoxWithCannedReplies } from "../canned-replies/reply-box";
import { AttachmentList, type AttachmentItem, filesOf } from "../../components/attachment-list";
import { CommentByline } from "../../components/comment-byline";
import { SectionCard } from "../../components/section-card";
import { nextCursorOf, ShowMoreButton } from "../../components/show-more-button";
import { TimeAgo } from "../../components/time-ago";
import { showCallFailure, showSuccess } from "../../lib/staff-toasts";
import { trpc } from "../../lib/trpc";
import { isSessionExpired } from "../../lib/use-session-expiry";
import type { TicketComment } from "./api-types";
import { MessageOrigin, OpenedByMail } from "./message-origin";
import { ReplyCopiesNote } from "./reply-copies-note";

type ReplyKind = "public" | "internal";

/**
 * The status a reply moves the ticket to unless the agent picks another: a first public answer takes a new
 * ticket out of New (it is being worked on); anything else keeps its status.
 */
export const statusAfterReply = (kind: ReplyKind, status: TicketStatus): TicketStatus | "keep" =>
  kind === "public" && status === "NEW" ? "IN_PROGRESS" : "keep";

/** What the ticket page's r and n shortcuts call: switch the box to a reply or a note and focus it. */
export interface ComposerHandle {
  focus(kind: ReplyKind): void;
}

/**
 * The ticket's conversation (beyond the spec): public replies, which the client sees and is mailed, and
 * internal notes, which never leave the staff portal. Notes are tinted so nobody mistakes one for the other.
 */
export function TicketConversation({
  ticketId,
  clientId,
  status,
  requesterName,
  openingMailId,
  attachments,
  composer,
}: {
  composer?: Ref<ComposerHandle>;
  ticketId: string;
  /** The ticket's company: the reply box offers the articles its clients may read. */
  clientId?: string | null;
  /** The ticket's status now: the reply offers to change it. */
  status: TicketStatus;
  /** Fills the {{requester.firstName}} of a canned reply. */
  requesterName: string;
  /** The mail that opened the ticket, when one did. */
  openingMailId?: string | null;
  /** The ticket's files: its own above the conversation, each comment's under it. */
  attachments?: AttachmentItem[];
}) {
  const utils = trpc.useUtils();
  // A page at a time, oldest first (docs/architecture.md §8).
  const list = trpc.tickets.commentPage.useInfiniteQuery({ id: ticketId }, { getNextPageParam: nextCursorOf });
  const comments: TicketComment[] = list.data?.pages.flatMap((page) => page.comments) ?? [];
  const total = list.data?.pages[0]?.total ?? 0;
  const [kind, setKind] = useState<ReplyKind>("public");
  const [content, setContent] = useState("");
  // null: the default for this kind of message and status (statusAfterReply), until the agent picks one.
  const [picked, setPicked] = useState<TicketStatus | "keep" | null>(null);
  // Typed as people write it ("25", "1h30", "1:30"); empty records no time (docs/features.md §10).
  const [spent, setSpent] = useState("");
  const spentMinutes = spent.trim() === "" ? null : parseDuration(spent);
  const spentError =
    spent.trim() !== "" && (spentMinutes === null || spentMinutes < 1 || spentMinutes > MAX_ENTRY_MINUTES)
      ? "Time spent must be like 25, 1h30 or 1:30"
      : null;
  const then = picked ?? statusAfterReply(kind, status);
  const box = useRef<HTMLTextAreaElement>(null);
  useImperativeHandle(composer, () => ({
    focus(next) {
      setKind(next);
      box.current?.focus();
    },
  }));
  const uploads = useAttachmentUploads("session");
  const setStatus = trpc.tickets.update.useMutation({
    onError: (error) => !isSessionExpired(error) && showCallFailure(error, "Failed to update ticket"),
  });
  const add = trpc.tickets.addComment.useMutation({
    onSuccess: async (comment) => {
      setContent("");
      setSpent("");
      uploads.reset();
      setPicked(null);
      // A failed status change says so itself (onError above); the reply stands.
      if (then !== "keep" && then !== status)
        await setStatus.mutateAsync({ id: ticketId, status: then }).catch(() => undefined);
      showSuccess(
        comment.internal ? "Note added" : "Reply sent",
        comment.internal ? "Only staff can see this note." : "The client can see this reply.",
      );
      await Promise.all([
        utils.tickets.get.invalidate({ id: ticketId }),
        utils.tickets.commentPage.invalidate({ id: ticketId }),
        utils.tickets.history.invalidate({ id: ticketId }),
        utils.tickets.list.invalidate(),
        utils.time.entries.invalidate(),
      ]);
    },
    onError: (error) => !isSessionExpired(error) && showCallFailure(error, "Failed to add comment"),
  });
  const blank = content.trim() === "";

  return (
    <SectionCard titleId="conversation-title" title="Conversation">
      <Stack gap="sm">
        {openingMailId && <OpenedByMail mailId={openingMailId} />}
        <AttachmentList files={filesOf(attachments, null)} />
        {list.isPending ? (
          <Loader size="sm" role="status" aria-label="Loading the conversation" />
        ) : list.isError ? (
          <Text c="red" size="sm">
            Failed to load the conversation
          </Text>
        ) : comments.length === 0 ? (
          <Text c="dimmed" size="sm">
            No replies or notes yet.
          </Text>
        ) : (
          comments.map((comment) => (
            <CommentItem key={comment.id} comment={comment} files={filesOf(attachments, comment.id)} />
          ))
        )}
        <ShowMoreButton list={list} label={`Show more replies and notes (${comments.length} of ${total} shown)`} />
      </Stack>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!blank && !spentError)
            add.mutate({
              id: ticketId,
              content: content.trim(),
              internal: kind === "internal",
              ...uploads.attached,
              ...(spentMinutes ? { timeSpent: { minutes: spentMinutes } } : {}),
            });
        }}
      >
        <Stack gap="xs" mt="lg">
          <SegmentedControl
            value={kind}
            onChange={(value) => setKind(value as ReplyKind)}
            data={[
              { value: "public", label: "Public reply" },
              { value: "internal", label: "Internal note" },
            ]}
            aria-label="Reply or note"
          />
          <ReplyBoxWithCannedReplies
            boxRef={box}
            ticket={{ id: ticketId, requesterName, clientId }}
            label={kind === "internal" ? "Internal note (staff only)" : "Reply to the client"}
            rows={3}
            resize="vertical"
            value={content}
            onValueChange={setContent}
            onPaste={uploads.onPaste}
            styles={kind === "internal" ? { input: { background: "var(--mantine-color-yellow-0)" } } : undefined}
          />
          {kind === "public" && <ReplyCopiesNote ticketId={ticketId} />}
          <AttachmentPicker uploads={uploads} disabled={add.isPending} />
          <Group justify="flex-end" align="flex-start">
            <TextInput
              label="Time spent"
              placeholder="25, 1h30, 1:30"
              w={140}
              value={spent}
              onChange={(event) => setSpent(event.currentTarget.value)}
              error={spentError}
            />
            <Select
              label="After sending"
              w={220}
              allowDeselect={false}
              value={then}
              onChange={(value) => value && setPicked(value as TicketStatus | "keep")}
              data={[
                { value: "keep", label: `Keep ${TICKET_STATUS_LABELS[status]}` },
                ...TICKET_STATUSES.filter((s) => s !== status).map((s) => ({
                  value: s,
                  label: TICKET_STATUS_LABELS[s],
                })),
              ]}
            />
            <Button
              type="submit"
              mt={25}
              disabled={blank || Boolean(spentError) || add.isPending || setStatus.isPending || uploads.uploading}
              color={kind === "internal" ? "yellow" : undefined}
            >
              {add.isPending ? "Sending..." : kind === "internal" ? "Add Note" : "Send Reply"}
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}

function CommentItem({ comment, files }: { comment: TicketComment; files: AttachmentItem[] }) {
  return (
    <Paper
      withBorder
      p="sm"
      bg={comment.internal ? "yellow.0" : undefined}
      data-comment-kind={comment.internal ? "internal" : "public"}
    >
      <CommentByline author={comment.authorName} when={<TimeAgo iso={comment.createdAt} />} wrap="nowrap">
        {comment.internal && (
          <Badge color="yellow" variant="light" size="sm">
            Internal note
          </Badge>
        )}
        <MessageOrigin source={comment.source} mailId={comment.mailId} />
      </CommentByline>
      <Text size="sm" mt={4} style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
        {comment.content}
      </Text>
      <AttachmentList files={files} />
    </Paper>
  );
}
