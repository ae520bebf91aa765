import { Button, Menu } from "@mantine/core";
import { useNavigate } from "@tanstack/react-router";
import type { CannedReplyItem } from "./use-slash-command";

interface CannedRepliesMenuProps {
  replies: { isPending: boolean; isError: boolean; data?: readonly CannedReplyItem[] };
  onPick(reply: CannedReplyItem): void;
}

/** The "Canned replies" button under the reply box (reply-box.tsx places it): every reply, to insert at the caret, and the way to manage them. */
export function CannedRepliesMenu({ replies, onPick }: CannedRepliesMenuProps) {
  const navigate = useNavigate();
  return (
    <Menu position="bottom-start" shadow="md" width={300}>
      <Menu.Target>
        <Button variant="default" size="xs">
          Canned replies
        </Button>
      </Menu.Target>
      <Menu.Dropdown mah={320} style={{ overflowY: "auto" }}>
        {replies.isPending ? (
          <Menu.Item disabled>Loading canned replies...</Menu.Item>
        ) : replies.isError || !replies.data ? (
          <Menu.Item disabled>Could not load canned replies</Menu.Item>
        ) : replies.data.length === 0 ? (
          <Menu.Item disabled>No canned replies yet</Menu.Item>
        ) : (
          replies.data.map((reply) => (
            <Menu.Item key={reply.id} onClick={() => onPick(reply)}>
              {reply.title}
            </Menu.Item>
          ))
        )}
        <Menu.Divider />
        <Menu.Item onClick={() => void navigate({ to: "/canned-replies" })}>Manage canned replies</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
