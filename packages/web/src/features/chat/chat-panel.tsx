import { ActionIcon, Center, Group, Loader, Paper, ScrollArea, Stack, Text, Textarea } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { LAYOUT } from "@repo/validators";
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { trpc } from "../../lib/trpc";
import { ChatMessageBubble, type ChatBubbleMessage } from "./chat-message-bubble";

/**
 * The AI Assistant tab (spec section 2): a 600 px panel with the company's conversation. Enter sends,
 * Shift+Enter starts a new line; Send is disabled while the message is empty or one is being sent.
 */
export function ChatPanel() {
  const utils = trpc.useUtils();
  const history = trpc.chat.history.useQuery();
  const [draft, setDraft] = useState("");
  const [pending, setPending] = useState<ChatBubbleMessage | null>(null);
  const viewport = useRef<HTMLDivElement>(null);

  const send = trpc.chat.send.useMutation({
    onSuccess: async () => {
      await utils.chat.history.invalidate();
      setPending(null);
    },
    onError: (_error, variables) => {
      setPending(null);
      setDraft(variables.content);
      notifications.show({ title: "Error", message: "Failed to send message. Please try again.", color: "red" });
    },
  });

  const messages: ChatBubbleMessage[] = [...(history.data ?? []), ...(pending ? [pending] : [])];
  const canSend = draft.trim().length > 0 && !send.isPending;

  // Keep the newest message in view.
  useEffect(() => {
    viewport.current?.scrollTo({ top: viewport.current.scrollHeight });
  }, [messages.length]);

  function submit() {
    const content = draft.trim();
    if (!content || send.isPending) return;
    setPending({ id: "pending", role: "user", content });
    setDraft("");
    send.mutate({ content });
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  }

  return (
    <Paper withBorder radius="md" h={LAYOUT.chatPanelHeightPx} style={{ display: "flex", flexDirection: "column" }} aria-label="AI Assistant">
      <ScrollArea style={{ flex: 1 }} viewportRef={viewport} p="md">
        {history.isPending ? (
          <Center h={LAYOUT.chatPanelHeightPx - 120}>
            <Loader aria-label="Loading conversation" />
          </Center>
        ) : messages.length === 0 ? (
          <Center h={LAYOUT.chatPanelHeightPx - 120}>
            <Text c="dimmed">Start a conversation with your AI assistant!</Text>
          </Center>
        ) : (
          <Stack gap="sm" role="log" aria-live="polite">
            {messages.map((message) => (
              <ChatMessageBubble key={message.id} message={message} />
            ))}
            {send.isPending && (
              <Group gap="xs" c="dimmed" data-testid="assistant-typing">
                <Loader size="xs" type="dots" />
                <Text size="sm">Assistant is typing…</Text>
              </Group>
            )}
          </Stack>
        )}
      </ScrollArea>
      <Group p="sm" gap="xs" align="flex-end" wrap="nowrap" style={{ borderTop: "1px solid var(--mantine-color-gray-3)" }}>
        <Textarea
          aria-label="Message"
          placeholder="Ask about your tickets, devices or our services…"
          value={draft}
          onChange={(event) => setDraft(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          autosize
          minRows={1}
          maxRows={4}
          style={{ flex: 1 }}
        />
        <ActionIcon size={36} onClick={submit} disabled={!canSend} aria-label="Send" variant="filled">
          <SendIcon />
        </ActionIcon>
      </Group>
    </Paper>
  );
}

function SendIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="M22 2 11 13" />
      <path d="M22 2 15 22l-4-9-9-4 20-7z" />
    </svg>
  );
}
