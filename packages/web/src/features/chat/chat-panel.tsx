import { ActionIcon, Button, Center, Group, Loader, Paper, ScrollArea, Stack, Text, Textarea } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { trpc } from "../../lib/trpc";
import { LAYOUT } from "../../lib/ui-constants";
import { ChatMessageBubble, type ChatBubbleMessage } from "./chat-message-bubble";
import { streamChatReply } from "./stream-chat";
import { invalidateTicketLists } from "../client-portal/use-refresh-ticket";

/** On a short screen: room left above the panel for the portal's header and tabs, and the least height. */
const PANEL_VIEWPORT_MARGIN_PX = 96;
const PANEL_MIN_HEIGHT_PX = 320;

/** The exchange in flight: the client's message and the reply as far as it has streamed. */
interface Exchange {
  question: string;
  answer: string;
}

/**
 * The AI Assistant tab (docs/product-spec.md §2): a 600 px panel with the company's conversation. Enter sends,
 * Shift+Enter starts a new line; Send is disabled while the message is empty or one is being sent.
 */
export function ChatPanel() {
  const utils = trpc.useUtils();
  const history = trpc.chat.history.useQuery();
  const [draft, setDraft] = useState("");
  const [exchange, setExchange] = useState<Exchange | null>(null);
  const viewport = useRef<HTMLDivElement>(null);
  const sending = exchange !== null;

  const messages: ChatBubbleMessage[] = [...(history.data ?? [])];
  if (exchange) {
    messages.push({ id: "pending-question", role: "user", content: exchange.question });
    if (exchange.answer) messages.push({ id: "pending-answer", role: "assistant", content: exchange.answer });
  }

  // Keep the newest text in view as messages arrive and the reply grows.
  const lastLength = messages.at(-1)?.content.length ?? 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the dependencies are the trigger, not inputs
  useEffect(() => {
    viewport.current?.scrollTo({ top: viewport.current.scrollHeight });
  }, [messages.length, lastLength]);

  // Quick replies belong to the newest message only: older ones were answered or passed by.
  const newest = history.data?.at(-1);
  const suggestions = !sending && newest?.role === "assistant" ? (newest.suggestions ?? []) : [];

  async function submit(text = draft) {
    const content = text.trim();
    if (!content || sending) return;
    const typed = text === draft;
    setExchange({ question: content, answer: "" });
    if (typed) setDraft("");
    try {
      await streamChatReply(content, { onText: (answer) => setExchange({ question: content, answer }) });
      // The history now holds both messages as stored; a reply that opened a ticket changes the list too.
      await Promise.all([utils.chat.history.invalidate(), invalidateTicketLists(utils)]);
    } catch {
      if (typed) setDraft(content);
      // At the top: the default corner would cover the Send button the person needs next.
      notifications.show({
        title: "Error",
        message: "Failed to send message. Please try again.",
        color: "red",
        position: "top-center",
      });
    } finally {
      setExchange(null);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  }

  return (
    <Paper
      withBorder
      radius="md"
      h={LAYOUT.chatPanelHeightPx}
      // On a short screen (a phone with its keyboard open) the panel fits the viewport, so the message
      // box at its foot stays on screen; on a desktop it is the spec's 600 px.
      mah={`max(${PANEL_MIN_HEIGHT_PX}px, calc(100dvh - ${PANEL_VIEWPORT_MARGIN_PX}px))`}
      style={{ display: "flex", flexDirection: "column" }}
      role="region"
      aria-label="Chat with the AI assistant"
    >
      <ScrollArea style={{ flex: 1 }} viewportRef={viewport} p="md">
        {history.isPending ? (
          <Center h={LAYOUT.chatPanelHeightPx - 120}>
            <Loader role="status" aria-label="Loading conversation" />
          </Center>
        ) : history.isError && !exchange ? (
          // An error is never the empty state: a refused history (another tab's sign-in) is not "no messages".
          <Center h={LAYOUT.chatPanelHeightPx - 120}>
            <Text c="red">The conversation could not be loaded.</Text>
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
            {exchange && (
              <Group gap="xs" c="dimmed" data-testid="assistant-typing">
                <Loader size="xs" type="dots" />
                <Text size="sm">Assistant is typing…</Text>
              </Group>
            )}
            {suggestions.length > 0 && (
              <Group gap="xs" role="group" aria-label="Suggested replies">
                {suggestions.map((suggestion) => (
                  <Button key={suggestion} size="compact-sm" variant="light" onClick={() => void submit(suggestion)}>
                    {suggestion}
                  </Button>
                ))}
              </Group>
            )}
          </Stack>
        )}
      </ScrollArea>
      <Group
        p="sm"
        gap="xs"
        align="flex-end"
        wrap="nowrap"
        style={{ borderTop: "1px solid var(--mantine-color-gray-3)" }}
      >
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
        <ActionIcon
          size={36}
          onClick={() => void submit()}
          disabled={!draft.trim() || sending}
          aria-label="Send"
          variant="filled"
        >
          <SendIcon />
        </ActionIcon>
      </Group>
    </Paper>
  );
}

function SendIcon() {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d="M22 2 11 13" />
      <path d="M22 2 15 22l-4-9-9-4 20-7z" />
    </svg>
  );
}
