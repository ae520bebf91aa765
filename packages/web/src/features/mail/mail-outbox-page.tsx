import { Accordion, Badge, Button, Card, Code, Group, SegmentedControl, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { type QueryTexts, QueryStates } from "../../components/query-states";
import { nextCursorOf, ShowMoreButton } from "../../components/show-more-button";
import { TimeAgo } from "../../components/time-ago";
import { trpc } from "../../lib/trpc";
import { mailKindLabel, type MailStatus } from "./mail-labels";
import { MailStatusBadge } from "./mail-status-badge";
import { useRetryMail } from "./use-retry-mail";

type Filter = MailStatus | "all";
const FILTERS: { value: Filter; label: string }[] = [
  { value: "all", label: "All" },
  { value: "pending", label: "Pending" },
  { value: "sent", label: "Sent" },
  { value: "failed", label: "Failed" },
];

const OUTBOX_TEXTS: QueryTexts = {
  loading: "Loading emails",
  error: "The outbox could not be loaded.",
  empty: "No emails.",
};

/**
 * The development mail view: the outbox's recent mails with their full text. Without SMTP_URL nothing is
 * sent and this is where the mails can be read; with it, it shows what went out and what is stuck.
 */
export function MailOutboxPage() {
  const [filter, setFilter] = useState<Filter>("all");
  // A page at a time, newest first (docs/architecture.md §8).
  const mails = trpc.mail.page.useInfiniteQuery(filter === "all" ? {} : { status: filter }, {
    getNextPageParam: nextCursorOf,
  });
  const { canRetry, retry } = useRetryMail();

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1}>Outbox</Title>
        <Button variant="default" onClick={() => void mails.refetch()} loading={mails.isFetching}>
          Refresh
        </Button>
      </Group>
      <Text c="dimmed" size="sm">
        Emails the product wrote. Without an SMTP server configured (SMTP_URL), they stay here as Pending.
      </Text>
      <SegmentedControl
        aria-label="Show"
        value={filter}
        onChange={(value) => setFilter(value as Filter)}
        data={FILTERS}
        w="fit-content"
      />
      <Card withBorder padding="sm">
        <QueryStates query={mails} texts={OUTBOX_TEXTS} isEmpty={(data) => data.pages[0]?.mails.length === 0}>
          {(data) => (
            <Stack gap="sm">
              <Accordion variant="separated" chevronPosition="left">
                {data.pages
                  .flatMap((page) => page.mails)
                  .map((mail) => (
                    <Accordion.Item key={mail.id} value={mail.id}>
                      <Accordion.Control>
                        <Group justify="space-between" wrap="nowrap">
                          <div>
                            <Text size="sm" fw={500}>
                              {mail.subject}
                            </Text>
                            <Text size="xs" c="dimmed">
                              To {mail.to} · {mailKindLabel(mail.kind)} · <TimeAgo iso={mail.createdAt} />
                            </Text>
                          </div>
                          <MailStatusBadge status={mail.status} attempts={mail.attempts} />
                        </Group>
                      </Accordion.Control>
                      <Accordion.Panel>
                        <Stack gap="xs">
                          {mail.headers["Reply-To"] && (
                            <Text size="xs" c="dimmed">
                              Reply-To: {mail.headers["Reply-To"]}
                            </Text>
                          )}
                          {mail.lastError && mail.status !== "sent" && (
                            <Group gap="xs">
                              <Badge color="red" variant="outline" tt="none">
                                Last error
                              </Badge>
                              <Text size="xs" c="red">
                                {mail.lastError}
                              </Text>
                            </Group>
                          )}
                          <Code block>{mail.text}</Code>
                          {canRetry && mail.status === "failed" && (
                            <Button
                              size="xs"
                              variant="light"
                              w="fit-content"
                              loading={retry.isPending && retry.variables?.id === mail.id}
                              onClick={() => retry.mutate({ id: mail.id })}
                            >
                              Retry
                            </Button>
                          )}
                        </Stack>
                      </Accordion.Panel>
                    </Accordion.Item>
                  ))}
              </Accordion>
              <ShowMoreButton list={mails} label="Show older emails" />
            </Stack>
          )}
        </QueryStates>
      </Card>
    </Stack>
  );
}
