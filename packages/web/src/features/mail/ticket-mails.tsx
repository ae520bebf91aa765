import { Button, Group, Stack, Text } from "@mantine/core";
import { SectionCard } from "../../components/section-card";
import { type QueryTexts, QueryStates } from "../../components/query-states";
import { nextCursorOf, ShowMoreButton } from "../../components/show-more-button";
import { TimeAgo } from "../../components/time-ago";
import { trpc } from "../../lib/trpc";
import { WRAP_ANYWHERE } from "../../lib/ui-constants";
import { mailKindLabel } from "./mail-labels";
import { MailStatusBadge } from "./mail-status-badge";
import { useRetryMail } from "./use-retry-mail";

const MAIL_TEXTS: QueryTexts = {
  loading: "Loading emails",
  error: "The emails could not be loaded.",
  empty: "No emails for this ticket.",
};

/** Which mails a ticket caused, to whom, and whether they went out; an admin can retry a failed one. */
export function TicketMails({ ticketId }: { ticketId: string }) {
  // A page at a time, newest first (docs/architecture.md §8): a ticket that mailed hundreds of times opens as quickly.
  const mails = trpc.mail.ticketPage.useInfiniteQuery({ id: ticketId }, { getNextPageParam: nextCursorOf });
  const { canRetry, retry } = useRetryMail();

  return (
    <SectionCard titleId="ticket-mails-title" title="Emails">
      <QueryStates query={mails} texts={MAIL_TEXTS} isEmpty={(data) => data.pages[0]?.mails.length === 0}>
        {(data) => (
          <Stack gap="sm">
            <Stack gap="sm" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
              {data.pages
                .flatMap((page) => page.mails)
                .map((mail) => (
                  <li key={mail.id} aria-label={`${mailKindLabel(mail.kind)} to ${mail.to}`}>
                    <Group justify="space-between" wrap="nowrap" align="flex-start">
                      <div style={WRAP_ANYWHERE}>
                        <Text size="sm" fw={500}>
                          {mailKindLabel(mail.kind)} · {mail.to}
                        </Text>
                        <Text size="sm" c="dimmed">
                          {mail.subject}
                        </Text>
                        <Text size="xs" c="dimmed">
                          <TimeAgo iso={mail.sentAt ?? mail.createdAt} prefix={mail.sentAt ? "Sent" : "Queued"} />
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
            <ShowMoreButton list={mails} label="Show older emails" />
          </Stack>
        )}
      </QueryStates>
    </SectionCard>
  );
}
