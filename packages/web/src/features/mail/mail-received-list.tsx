import { Anchor, Badge, Group, Stack, Table, Text, Title } from "@mantine/core";
import { AnchorLink } from "../../components/router-links";
import type { QueryTexts } from "../../components/query-states";
import { MailTable, SubjectCell } from "./mail-table";
import { TimeAgo } from "../../components/time-ago";
import { trpc } from "../../lib/trpc";

const RECEIVED_TEXTS: QueryTexts = {
  loading: "Loading received emails",
  error: "The received emails could not be loaded.",
  empty: "No emails received yet.",
};

const OUTCOME_LABELS = { ticket: "New ticket", comment: "Reply", enquiry: "Enquiry", ignored: "Ignored" } as const;
const OUTCOME_COLORS = { ticket: "blue", comment: "teal", enquiry: "grape", ignored: "gray" } as const;

/**
 * Mail that reached the support address (docs/architecture.md §11a) and what each became. Ignored mails
 * (bounces, auto-replies, a sender over the hourly limit) are listed too, so none is lost from sight; the
 * original of each can be downloaded.
 */
export function MailReceivedList() {
  const received = trpc.mailIn.received.useQuery({});
  return (
    <Stack gap="md">
      <Title order={2}>Received</Title>
      <MailTable
        query={received}
        texts={RECEIVED_TEXTS}
        label="Received emails"
        columns={["From", "Subject", "Became", "Received", "Original"]}
        minWidth={640}
        row={(mail) => (
          <>
            <Table.Td>
              <Text size="sm">{mail.fromName ?? mail.fromAddress}</Text>
              {mail.fromName && (
                <Text size="xs" c="dimmed">
                  {mail.fromAddress}
                </Text>
              )}
            </Table.Td>
            <SubjectCell subject={mail.subject} />
            <Table.Td>
              <Group gap={6}>
                <Badge color={OUTCOME_COLORS[mail.outcome]} variant="light" size="sm">
                  {OUTCOME_LABELS[mail.outcome]}
                </Badge>
                {mail.reason && (
                  <Text size="xs" c="dimmed">
                    {mail.reason}
                  </Text>
                )}
                {mail.ticketId && (
                  <AnchorLink to="/tickets/$id" params={{ id: mail.ticketId }} size="xs">
                    Open ticket
                  </AnchorLink>
                )}
              </Group>
            </Table.Td>
            <Table.Td>
              <Text size="xs">
                <TimeAgo iso={mail.receivedAt} />
              </Text>
            </Table.Td>
            <Table.Td>
              <Anchor href={`/api/mail/inbound/${mail.id}`} size="xs" download>
                Download
              </Anchor>
            </Table.Td>
          </>
        )}
      />
    </Stack>
  );
}
