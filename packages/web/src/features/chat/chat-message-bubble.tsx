import { Anchor, Box, Paper, Text } from "@mantine/core";
import { ticketReference } from "@repo/validators";
import { AnchorLink } from "../../components/router-links";
import { ChatMarkdown, linkKind } from "./chat-markdown";

export interface ChatBubbleMessage {
  id: string;
  role: "user" | "assistant";
  content: string;
  /** A ticket the assistant opened while answering. */
  ticketId?: string | null;
  /** The pages a knowledge answer comes from. */
  sources?: { title: string; path: string }[];
  /** Quick replies offered with the message (shown by the panel under the newest one). */
  suggestions?: string[];
}

/** One message: the client's on the right, the assistant's on the left with any ticket it created. */
export function ChatMessageBubble({ message }: { message: ChatBubbleMessage }) {
  const mine = message.role === "user";
  return (
    <Box
      style={{ display: "flex", justifyContent: mine ? "flex-end" : "flex-start" }}
      data-testid={`chat-${message.role}`}
    >
      <Paper
        p="sm"
        radius="md"
        maw="85%"
        bg={mine ? "blue" : "gray.1"}
        c={mine ? "white" : undefined}
        aria-label={mine ? "You" : "Assistant"}
      >
        {mine ? (
          <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
            {message.content}
          </Text>
        ) : (
          <ChatMarkdown text={message.content} />
        )}
        {message.sources
          ?.filter((source) => linkKind(source.path) === "site")
          .map((source) => (
            <Text key={source.path} size="xs" c="dimmed" mt={4} data-testid="chat-source">
              From the{" "}
              <Anchor href={source.path} size="xs">
                {source.title}
              </Anchor>
            </Text>
          ))}
        {message.ticketId && (
          <AnchorLink
            to="/client/tickets/$id"
            params={{ id: message.ticketId }}
            size="sm"
            fw={600}
            mt={6}
            display="block"
          >
            Ticket #{ticketReference(message.ticketId)} created
          </AnchorLink>
        )}
      </Paper>
    </Box>
  );
}
