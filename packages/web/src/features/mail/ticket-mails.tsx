import { Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { QueryStates } from "../../components/query-states";
import { formatStaffDateTime } from "../../lib/format-date";
import { trpc } from "../../lib/trpc";
import { mailKindLabel } from "./mail-labels";
import { MailStatusBadge } from "./mail-status-badge";
import { useRetryMail } from "./use-retry-mail";

/** Which mails a ticket caused, to whom, and whether they went out; an admin can retry a failed one. */
export function TicketMails({ ticketId }: { ticketId: string }) {
  const mails = trpc.mail.forTicket.useQuery({ id: ticketId });
  const { canRetry, retry } = useRetryMail();

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="ticket-mails-title">
      <Title order={2} size="h3" id="ticket-mails-title" mb="md">
        Emails
      </Title>
      <QueryStates
        query={mails}
        loadingLabel="Loading emails"
        errorText="The emails could not be loaded."
        emptyText="No emails for this ticket."
        isEmpty={(data) => data.mails.length === 0}
      >
        {(data) => (
          <Stack gap="sm" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
            {data.mails.map((mail) => (
              <li key={mail.id} aria-label={`${mailKindLabel(mail.kind)} to ${mail.to}`}>
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <div>
                    <Text size="sm" fw={500}>
                      {mailKindLabel(mail.kind)} · {mail.to}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {mail.subject}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {mail.sentAt
                        ? `Sent ${formatStaffDateTime(mail.sentAt)}`
                        : `Queued ${formatStaffDateTime(mail.createdAt)}`}
                    </Text>
                    {mail.lastError && mail.status !== "sent" && (
                      <Text size="xs" c="red">
                        {mail.lastError}
                      </Text>
                    )}
                  </div>
                  <Group gap="xs" wrap="nowrap">
                    <MailStatusBadge status={mail.status} attempts={mail.attempts} />
                    {canRetry && mail.status === "failed" && (
                      <Button
                        size="xs"
                        variant="light"
                        loading={retry.isPending && retry.variables?.id === mail.id}
                        onClick={() => retry.mutate({ id: mail.id })}
                        aria-label={`Retry the email to ${mail.to}`}
                      >
                        Retry
                      </Button>
                    )}
                  </Group>
                </Group>
              </li>
            ))}
          </Stack>
        )}
      </QueryStates>
    </Card>
  );
}
