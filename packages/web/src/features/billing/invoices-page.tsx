import { Container, Group, Select, Table, Text } from "@mantine/core";
import { formatDay } from "@repo/content";
import { formatCents, INVOICE_STATES, type InvoiceState } from "@repo/validators";
import { keepPreviousData } from "@tanstack/react-query";
import { useState } from "react";
import { QueryStates } from "../../components/query-states";
import { AnchorLink } from "../../components/router-links";
import { StaffPageHeader } from "../../components/staff-page";
import { serverMessage } from "../../lib/server-message";
import { trpc } from "../../lib/trpc";
import { BillingLinks } from "./billing-links";
import { formatMonth, INVOICE_STATE_BADGES, recentMonths } from "./billing-format";
import { invoiceTitle } from "./invoice-document";
import { InvoiceStateBadge } from "./invoice-state-badge";

/** /billing: invoices and credit notes, filtered by company, month and state (docs/features.md §11). */
export function InvoicesPage() {
  const [clientId, setClientId] = useState<string | null>(null);
  const [month, setMonth] = useState<string | null>(null);
  const [state, setState] = useState<InvoiceState | null>(null);
  const companies = trpc.clients.list.useQuery();
  const invoices = trpc.billing.invoices.useQuery(
    { clientId: clientId ?? undefined, month: month ?? undefined, state: state ?? undefined },
    { placeholderData: keepPreviousData },
  );

  return (
    <Container size="xl" py="xl">
      <StaffPageHeader title="Billing" description="Invoices and credit notes" action={null} />
      <BillingLinks />
      <Group gap="sm" mb="md" align="flex-end" wrap="wrap">
        <Select
          label="Company"
          placeholder="All companies"
          clearable
          searchable
          w={{ base: "100%", sm: 240 }}
          value={clientId}
          onChange={setClientId}
          data={(companies.data?.clients ?? []).map((c) => ({ value: c.id, label: c.name }))}
        />
        <Select
          label="Month"
          placeholder="All months"
          clearable
          w={{ base: "100%", sm: 200 }}
          value={month}
          onChange={setMonth}
          data={recentMonths()}
        />
        <Select
          label="State"
          placeholder="All states"
          clearable
          w={{ base: "100%", sm: 160 }}
          value={state}
          onChange={(value) => setState(value as InvoiceState | null)}
          data={INVOICE_STATES.map((s) => ({ value: s, label: INVOICE_STATE_BADGES[s].label }))}
        />
      </Group>
      <QueryStates
        query={invoices}
        texts={{
          loading: "Loading invoices",
          error: serverMessage(invoices.error, "Failed to load invoices"),
          empty: "No invoices match. A billing run drafts a month's invoices.",
        }}
        isEmpty={(list) => list.length === 0}
      >
        {(list) => (
          <Table.ScrollContainer minWidth={760}>
            <Table striped highlightOnHover aria-label="Invoices">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Invoice</Table.Th>
                  <Table.Th>Company</Table.Th>
                  <Table.Th>Month</Table.Th>
                  <Table.Th>Due</Table.Th>
                  <Table.Th>State</Table.Th>
                  <Table.Th ta="right">Total</Table.Th>
                  <Table.Th ta="right">Balance</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((invoice) => (
                  <Table.Tr key={invoice.id}>
                    <Table.Td>
                      <AnchorLink to="/billing/invoices/$id" params={{ id: invoice.id }}>
                        {invoiceTitle(invoice)}
                      </AnchorLink>
                    </Table.Td>
                    <Table.Td>{invoice.clientName}</Table.Td>
                    <Table.Td>{invoice.month ? formatMonth(invoice.month) : "—"}</Table.Td>
                    <Table.Td>{formatDay(invoice.dueDate)}</Table.Td>
                    <Table.Td>
                      <InvoiceStateBadge state={invoice.state} />
                    </Table.Td>
                    <Table.Td ta="right">{formatCents(invoice.totalCents)}</Table.Td>
                    <Table.Td ta="right">{formatCents(invoice.balanceCents)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </QueryStates>
      <Text size="xs" c="dimmed" mt="sm">
        Amounts in Canadian dollars.
      </Text>
    </Container>
  );
}
