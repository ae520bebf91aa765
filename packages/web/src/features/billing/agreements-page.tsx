import { Badge, Button, Container, Group, Modal, NumberInput, Select, Stack, Table, TextInput } from "@mantine/core";
import { formatDay, isoDay } from "@repo/content";
import { agreementCreateInputSchema } from "@repo/validators";
import { useNavigate } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { FormActions } from "../../components/form-actions";
import { QueryStates } from "../../components/query-states";
import { AnchorLink } from "../../components/router-links";
import { StaffPageHeader } from "../../components/staff-page";
import { readStoredUser } from "../../lib/auth-storage";
import { toastOutcome } from "../../lib/staff-toasts";
import { serverMessage } from "../../lib/server-message";
import { trpc } from "../../lib/trpc";
import { BillingLinks } from "./billing-links";
import { fieldErrors } from "./form-errors";

/** /billing/agreements: each company's agreements; an ADMIN starts one here and fills it in on its page. */
export function AgreementsPage() {
  const admin = readStoredUser()?.role === "ADMIN";
  const [clientId, setClientId] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const companies = trpc.clients.list.useQuery();
  const agreements = trpc.billing.agreements.useQuery({ clientId: clientId ?? undefined });
  const companyOptions = (companies.data?.clients ?? []).map((c) => ({ value: c.id, label: c.name }));

  return (
    <Container size="xl" py="xl">
      <StaffPageHeader
        title="Agreements"
        description="What each company is billed every month, and its prepaid hours"
        action={admin && <Button onClick={() => setCreating(true)}>New agreement</Button>}
      />
      <BillingLinks />
      <Select
        label="Company"
        placeholder="All companies"
        clearable
        searchable
        w={{ base: "100%", sm: 280 }}
        mb="md"
        value={clientId}
        onChange={setClientId}
        data={companyOptions}
      />
      <QueryStates
        query={agreements}
        texts={{
          loading: "Loading agreements",
          error: serverMessage(agreements.error, "Failed to load agreements"),
          empty: admin ? "No agreements yet. Start one with New agreement." : "No agreements yet.",
        }}
        isEmpty={(list) => list.length === 0}
      >
        {(list) => (
          <Table.ScrollContainer minWidth={680}>
            <Table striped highlightOnHover aria-label="Agreements">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Agreement</Table.Th>
                  <Table.Th>Company</Table.Th>
                  <Table.Th>From</Table.Th>
                  <Table.Th>Until</Table.Th>
                  <Table.Th>Billing day</Table.Th>
                  <Table.Th>Status</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((agreement) => (
                  <Table.Tr key={agreement.id}>
                    <Table.Td>
                      <AnchorLink to="/billing/agreements/$id" params={{ id: agreement.id }}>
                        {agreement.name}
                      </AnchorLink>
                    </Table.Td>
                    <Table.Td>{agreement.clientName}</Table.Td>
                    <Table.Td>{formatDay(agreement.startDate)}</Table.Td>
                    <Table.Td>{agreement.endDate ? formatDay(agreement.endDate) : "Open-ended"}</Table.Td>
                    <Table.Td>{agreement.billingDay}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={agreement.active ? "green" : "gray"}>
                        {agreement.active ? "Active" : "Inactive"}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </QueryStates>
      {creating && (
        <NewAgreementDialog companies={companyOptions} clientId={clientId} onClose={() => setCreating(false)} />
      )}
    </Container>
  );
}

function NewAgreementDialog({
  companies,
  clientId: chosen,
  onClose,
}: {
  companies: { value: string; label: string }[];
  clientId: string | null;
  onClose(): void;
}) {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const [clientId, setClientId] = useState<string | null>(chosen);
  const [name, setName] = useState("Managed services");
  const [startDate, setStartDate] = useState(`${isoDay().slice(0, 7)}-01`);
  const [billingDay, setBillingDay] = useState<number | string>(1);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = trpc.billing.createAgreement.useMutation(
    toastOutcome(
      (saved) => ["Agreement created", `${saved.name} for ${saved.clientName}. Add its lines next.`],
      "Failed to create the agreement",
      async (saved) => {
        await utils.billing.agreements.invalidate();
        await navigate({ to: "/billing/agreements/$id", params: { id: saved.id } });
      },
    ),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = { clientId: clientId ?? "", name, startDate, billingDay: Number(billingDay) };
    const found = fieldErrors(agreementCreateInputSchema.safeParse(input));
    if (!clientId) found.clientId = "Choose the company";
    setErrors(found);
    if (Object.keys(found).length === 0) create.mutate(input);
  };
  return (
    <Modal opened onClose={onClose} title="New agreement" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Select
            label="Company"
            required
            searchable
            value={clientId}
            onChange={setClientId}
            data={companies}
            error={errors.clientId}
          />
          <TextInput
            label="Name"
            required
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={errors.name}
          />
          <Group grow align="flex-start">
            <TextInput
              label="Starts on"
              type="date"
              required
              value={startDate}
              onChange={(e) => setStartDate(e.currentTarget.value)}
              error={errors.startDate}
            />
            <NumberInput
              label="Billing day"
              required
              min={1}
              max={28}
              allowDecimal={false}
              value={billingDay}
              onChange={setBillingDay}
              error={errors.billingDay}
            />
          </Group>
          <FormActions
            onCancel={onClose}
            pending={create.isPending}
            label="Create agreement"
            pendingLabel="Creating..."
          />
        </Stack>
      </form>
    </Modal>
  );
}
