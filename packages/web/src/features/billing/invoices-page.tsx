import { Container, Group, Select, Text } from "@mantine/core";
import { INVOICE_STATES, type InvoiceState } from "@repo/validators";
import { keepPreviousData } from "@tanstack/react-query";
import { useState } from "react";
import { QueryStates } from "../../components/query-states";
import { StaffPageHeader } from "../../components/staff-page";
import { serverMessage } from "../../lib/server-message";
import { trpc } from "../../lib/trpc";
import { BillingLinks } from "./billing-links";
import { INVOICE_STATE_BADGES, recentMonths } from "./billing-format";
import { InvoiceTable } from "./invoice-table";

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
        {(list) => <InvoiceTable invoices={list} label="Invoices" staff />}
      </QueryStates>
      <Text size="xs" c="dimmed" mt="sm">
        Amounts in Canadian dollars.
      </Text>
    </Container>
  );
}
