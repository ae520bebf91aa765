import { Box, Paper, Text } from "@mantine/core";
import { ticketReference } from "@repo/validators";
import { AnchorLink } from "../../components/router-links";

export interface ChatBubbleMessage {
  id: string;
  role: "user" | "assistant";
  content: string;
  /** A ticket the assistant opened while answering. */
  ticketId?: string | null;
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
        bg={mine ? "blue.7" : "gray.1"}
        c={mine ? "white" : undefined}
        aria-label={mine ? "You" : "Assistant"}
      >
        <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
          {message.content}
        </Text>
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
