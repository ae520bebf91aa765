import { Alert, Badge, Card, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import type { MailInStatus } from "@repo/validators";
import { formatExact } from "../../lib/format-date";
import { trpc } from "../../lib/trpc";

/** One fact of the state: a label above its value. */
function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </div>
  );
}

const when = (iso: string | null) => (iso ? formatExact(iso) : "Never");

function verdict(status: MailInStatus): { label: string; color: string } {
  if (status.consecutiveFailures > 0) return { label: "Failing", color: "red" };
  if (status.lastSuccessAt) return { label: "Working", color: "green" };
  return { label: status.configured ? "Not polled yet" : "Not configured", color: "gray" };
}

/**
 * On /mail, for an ADMIN: how the IMAP door is doing (docs/architecture.md §11a), so a wrong password
 * shows here instead of only in the server's log. The state is one row every server instance writes.
 */
export function MailInStatusCard() {
  const query = trpc.mailIn.status.useQuery(undefined, { refetchInterval: 60_000 });
  const status = query.data;
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="mail-in-status-title">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4" id="mail-in-status-title">
            Mail in (IMAP)
          </Title>
          {status && (
            <Badge color={verdict(status).color} variant="light">
              {verdict(status).label}
            </Badge>
          )}
        </Group>
        {query.isError && <Text c="red">The mail-in state could not be loaded.</Text>}
        {query.isPending && <Text c="dimmed">Loading the mail-in state</Text>}
        {status && !status.configured && !status.lastPollAt && (
          <Text size="sm" c="dimmed">
            This server does not poll a mailbox (IMAP_URL is not set). Mail may still arrive by webhook.
          </Text>
        )}
        {status && (status.configured || status.lastPollAt) && (
          <>
            <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
              <Fact label="Last poll" value={when(status.lastPollAt)} />
              <Fact label="Last success" value={when(status.lastSuccessAt)} />
              <Fact label="Next attempt" value={when(status.nextAttemptAt)} />
              <Fact label="Mails read today" value={String(status.readToday)} />
            </SimpleGrid>
            {status.consecutiveFailures > 0 && status.lastError && (
              <Alert color="red" title={`Failed ${status.consecutiveFailures} time(s) in a row`}>
                <Text size="sm" style={{ overflowWrap: "anywhere" }}>
                  {status.lastError}
                </Text>
                <Text size="xs" c="dimmed">
                  Last failure {when(status.lastErrorAt)}. The wait between attempts doubles after each failure, up to
                  15 minutes.
                </Text>
              </Alert>
            )}
            {status.consecutiveFailures === 0 && status.lastError && (
              <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                Last error {when(status.lastErrorAt)}: {status.lastError}
              </Text>
            )}
          </>
        )}
        {status && status.missingFiles.missing > 0 && (
          <Alert color="orange" title="Stored files are missing">
            <Text size="sm">
              {status.missingFiles.missing} of the {status.missingFiles.checked} newest attachments have no file in the
              file store, so they cannot be downloaded. Restore the files from a backup that holds them (pnpm
              db:restore).
            </Text>
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
