import { Anchor, Badge, Group, Text } from "@mantine/core";
import type { TicketComment } from "./api-types";

/** Where a message was written, as staff read it; staff's own replies need no label. */
const ORIGIN_LABELS: Partial<Record<TicketComment["source"], string>> = {
  client: "Client portal",
  email: "Email",
  public: "Public form",
  assistant: "Assistant",
};

/** The original of a mail that came in: the whole message with its quotes and attachments (staff only). */
export function OriginalMailLink({ mailId }: { mailId: string }) {
  return (
    <Anchor href={`/api/mail/inbound/${mailId}`} size="xs" download>
      Original mail
    </Anchor>
  );
}

/** A comment's origin badge, and the link to its original when it came by mail. */
export function MessageOrigin({ source, mailId }: { source: TicketComment["source"]; mailId: string | null }) {
  const label = ORIGIN_LABELS[source];
  if (!label && !mailId) return null;
  return (
    <Group gap={6}>
      {label && (
        <Badge color="gray" variant="outline" size="sm" data-origin={source}>
          {label}
        </Badge>
      )}
      {mailId && <OriginalMailLink mailId={mailId} />}
    </Group>
  );
}

/** The line above the conversation of a ticket that a mail opened. */
export function OpenedByMail({ mailId }: { mailId: string }) {
  return (
    <Group gap="xs">
      <Text size="sm" c="dimmed">
        Opened by email.
      </Text>
      <OriginalMailLink mailId={mailId} />
    </Group>
  );
}
