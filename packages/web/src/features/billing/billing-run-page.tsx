import { Button, Card, Container, Group, List, Progress, Select, SimpleGrid, Stack, Text } from "@mantine/core";
import { formatCents } from "@repo/validators";
import { useEffect, useState } from "react";
import { QueryStates } from "../../components/query-states";
import { AnchorLink } from "../../components/router-links";
import { StaffPageHeader } from "../../components/staff-page";
import { readStoredUser } from "../../lib/auth-storage";
import { toastOutcome } from "../../lib/staff-toasts";
import { serverMessage } from "../../lib/server-message";
import { trpc } from "../../lib/trpc";
import { BillingLinks } from "./billing-links";
import { formatMonth, recentMonths, thisMonth } from "./billing-format";
import { invoiceTitle } from "./invoice-document";
import { InvoiceStateBadge } from "./invoice-state-badge";

/**
 * /billing/run: a month's billing run (docs/features.md §11). "Run" drafts the invoices of the agreements
 * billed that month; while it goes, its progress is read every second; then the month's invoices show
 * beside the month before, with what changed, and an ADMIN approves each.
 */
export function BillingRunPage() {
  const admin = readStoredUser()?.role === "ADMIN";
  const utils = trpc.useUtils();
  const [month, setMonth] = useState(thisMonth());
  const [runId, setRunId] = useState<string | null>(null);
  const preview = trpc.billing.month.useQuery({ month });
  // The run started here, or one already going when the screen opened (another admin's).
  const watchedId = runId ?? (preview.data?.run?.status === "running" ? preview.data.run.id : null);
  const run = trpc.billing.run.useQuery(
    { id: watchedId ?? "" },
    {
      enabled: watchedId !== null,
      refetchInterval: (query) => (query.state.data?.status === "running" ? 1000 : false),
    },
  );
  const current = run.data ?? preview.data?.run ?? null;
  const running = current?.status === "running";
  const ended = run.data && run.data.status !== "running" ? run.data.id : null;
  useEffect(() => {
    // The run ended: the month's invoices are now what it drafted.
    if (!ended) return;
    void utils.billing.month.invalidate();
    void utils.billing.invoices.invalidate();
  }, [ended, utils]);
  const start = trpc.billing.startRun.useMutation(
    toastOutcome(
      (started) => ["Billing run started", `Drafting the invoices of ${formatMonth(started.month)}.`],
      "Failed to start the billing run",
      (started) => setRunId(started.id),
    ),
  );
  const approve = trpc.billing.approveInvoice.useMutation(
    toastOutcome(
      (saved) => ["Invoice approved", `${invoiceTitle(saved)} for ${saved.clientName} is numbered and locked.`],
      "Failed to approve the invoice",
      () => Promise.all([utils.billing.month.invalidate({ month }), utils.billing.invoices.invalidate()]),
    ),
  );

  return (
    <Container size="xl" py="xl">
      <StaffPageHeader
        title="Billing run"
        description="Draft a month's invoices, check what changed, approve them"
        action={null}
      />
      <BillingLinks />
      <Stack gap="md">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            label="Month"
            allowDeselect={false}
            w={{ base: "100%", sm: 220 }}
            value={month}
            onChange={(value) => {
              if (!value) return;
              setMonth(value);
              setRunId(null);
            }}
            data={recentMonths()}
          />
          {admin && (
            <Button onClick={() => start.mutate({ month })} loading={start.isPending} disabled={running}>
              Run
            </Button>
          )}
        </Group>
        {current && (
          <Card withBorder padding="sm" aria-label="Run progress">
            <Group justify="space-between" mb={6}>
              <Text size="sm" fw={600}>
                {running
                  ? "Drafting invoices..."
                  : current.status === "finished"
                    ? "The last run finished"
                    : "The last run failed"}
              </Text>
              <Text size="sm" c="dimmed">
                {current.companiesDone} of {current.companiesTotal} companies drafted
              </Text>
            </Group>
            <Progress
              value={
                current.companiesTotal === 0
                  ? running
                    ? 0
                    : 100
                  : (100 * current.companiesDone) / current.companiesTotal
              }
              color={current.status === "failed" ? "red" : undefined}
              animated={running}
              aria-label="Companies drafted"
            />
            {current.error && (
              <Text c="red" size="sm" mt={6} role="alert">
                {current.error}
              </Text>
            )}
          </Card>
        )}
        <QueryStates
          query={preview}
          texts={{
            loading: "Loading the month's invoices",
            error: serverMessage(preview.error, "Failed to load the month's invoices"),
            empty: `No invoices for ${formatMonth(month)} yet.${admin ? " Run the month to draft them." : ""}`,
          }}
          isEmpty={(data) => data.invoices.length === 0}
        >
          {(data) => (
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
              {data.invoices.map((invoice) => {
                const title = `${invoice.clientName}: ${invoiceTitle(invoice)}`;
                return (
                  <Card key={invoice.id} withBorder padding="md" component="section" aria-label={title}>
                    <Group justify="space-between" mb="xs" wrap="nowrap" align="flex-start">
                      <div>
                        <Text fw={600}>{invoice.clientName}</Text>
                        <AnchorLink to="/billing/invoices/$id" params={{ id: invoice.id }} size="sm">
                          {invoiceTitle(invoice)}
                        </AnchorLink>
                      </div>
                      <InvoiceStateBadge state={invoice.state} />
                    </Group>
                    <Group gap="xl" mb="xs">
                      <div>
                        <Text size="xs" c="dimmed">
                          Total
                        </Text>
                        <Text fw={700}>{formatCents(invoice.totalCents)}</Text>
                      </div>
                      <div>
                        <Text size="xs" c="dimmed">
                          Previous
                        </Text>
                        <Text>
                          {invoice.previousTotalCents === null ? "None" : formatCents(invoice.previousTotalCents)}
                        </Text>
                      </div>
                    </Group>
                    {invoice.changes.length > 0 ? (
                      <List size="sm" spacing={2} mb="xs" aria-label={`Changes on ${invoice.clientName}`}>
                        {invoice.changes.map((change) => (
                          <List.Item key={change}>{change}</List.Item>
                        ))}
                      </List>
                    ) : (
                      <Text size="sm" c="dimmed" mb="xs">
                        No change since the month before.
                      </Text>
                    )}
                    {admin && invoice.state === "draft" && (
                      <Button
                        size="xs"
                        w="fit-content"
                        onClick={() => approve.mutate({ id: invoice.id })}
                        disabled={approve.isPending}
                        aria-label={`Approve the invoice for ${invoice.clientName}`}
                      >
                        Approve
                      </Button>
                    )}
                  </Card>
                );
              })}
            </SimpleGrid>
          )}
        </QueryStates>
      </Stack>
    </Container>
  );
}
