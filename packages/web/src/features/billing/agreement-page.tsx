import {
  Alert,
  Button,
  Container,
  Group,
  NumberInput,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import {
  type Agreement,
  agreementUpdateInputSchema,
  CATALOGUE_UNIT_LABELS,
  formatCents,
  QUANTITY_SOURCES,
  type QuantitySource,
} from "@repo/validators";
import { getRouteApi, useNavigate } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { LoadingStatus } from "../../components/staff-page";
import { readStoredUser } from "../../lib/auth-storage";
import { serverMessage } from "../../lib/server-message";
import { toastOutcome } from "../../lib/staff-toasts";
import { trpc } from "../../lib/trpc";
import { AgreementBlocks } from "./agreement-blocks";
import { BillingLinks } from "./billing-links";
import { DOLLARS_HINT, dollarsOf, parseDollars } from "./billing-format";
import { fieldErrors } from "./form-errors";

const route = getRouteApi("/_staff-portal/billing_/agreements_/$id");

const QUANTITY_LABELS: Record<QuantitySource, string> = {
  fixed: "Fixed quantity",
  users: "Active users on the billing day",
  devices: "Devices in use on the billing day",
};

/** /billing/agreements/$id: an agreement's terms, recurring lines, work types and prepaid hours. */
export function AgreementPage() {
  const { id } = route.useParams();
  const query = trpc.billing.agreement.useQuery({ id });
  return (
    <Container size="lg" py="xl">
      <BillingLinks />
      {query.isPending ? (
        <LoadingStatus>Loading agreement...</LoadingStatus>
      ) : query.isError ? (
        <Alert color="red" title="Error" role="alert">
          {serverMessage(query.error, "Failed to load the agreement")}
        </Alert>
      ) : (
        <Stack gap="lg">
          {/* A saved change answers with a new version: the form starts again from what was stored. */}
          <AgreementEditor key={query.data.version} agreement={query.data} />
          <AgreementBlocks agreement={query.data} />
        </Stack>
      )}
    </Container>
  );
}

interface LineDraft {
  catalogueItemId: string | null;
  quantitySource: QuantitySource;
  fixedQuantity: string;
  /** Blank: the catalogue's price. */
  price: string;
}

/** A work type's treatment here: billed at its default rate (not listed), included, or at another rate. */
type Treatment = "default" | "included" | "rate";

function AgreementEditor({ agreement }: { agreement: Agreement }) {
  const admin = readStoredUser()?.role === "ADMIN";
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const catalogue = trpc.billing.catalogue.useQuery();
  const workTypes = trpc.time.workTypes.useQuery();
  const [name, setName] = useState(agreement.name);
  const [startDate, setStartDate] = useState(agreement.startDate);
  const [endDate, setEndDate] = useState(agreement.endDate ?? "");
  const [billingDay, setBillingDay] = useState<number | string>(agreement.billingDay);
  const [lines, setLines] = useState<LineDraft[]>(
    agreement.lines.map((l) => ({
      catalogueItemId: l.catalogueItemId,
      quantitySource: l.quantitySource,
      fixedQuantity: String(l.fixedQuantity),
      price: l.unitPriceCents === null ? "" : dollarsOf(l.unitPriceCents),
    })),
  );
  const [treatments, setTreatments] = useState<Record<string, { treatment: Treatment; rate: string }>>(() =>
    Object.fromEntries(
      agreement.workTypes.map((w) => [
        w.workTypeId,
        { treatment: w.treatment, rate: w.hourlyRateCents === null ? "" : dollarsOf(w.hourlyRateCents) },
      ]),
    ),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [deleting, setDeleting] = useState(false);
  const save = trpc.billing.updateAgreement.useMutation(
    toastOutcome(
      (saved) => ["Agreement saved", `${saved.name} for ${saved.clientName}.`],
      "Failed to save the agreement",
      async (saved) => {
        utils.billing.agreement.setData({ id: saved.id }, saved);
        await utils.billing.agreements.invalidate();
      },
    ),
  );
  const remove = trpc.billing.deleteAgreement.useMutation(
    toastOutcome(
      () => ["Agreement deleted", `${agreement.name} is gone.`],
      "Failed to delete the agreement",
      async () => {
        await utils.billing.agreements.invalidate();
        await navigate({ to: "/billing/agreements" });
      },
    ),
  );
  const recurring = (catalogue.data ?? []).filter(
    (item) => item.unit !== "one_off" && (!item.archived || lines.some((l) => l.catalogueItemId === item.id)),
  );
  const types = (workTypes.data ?? []).filter((t) => !t.archived || treatments[t.id]);
  const changeLine = (index: number, patch: Partial<LineDraft>) =>
    setLines(lines.map((line, i) => (i === index ? { ...line, ...patch } : line)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    const linePrices = lines.map((line, i) => {
      if (line.price.trim() === "") return null;
      const cents = parseDollars(line.price);
      if (cents === null) found[`lines.${i}.unitPriceCents`] = DOLLARS_HINT;
      return cents;
    });
    const chosen = Object.entries(treatments).filter(([, t]) => t.treatment !== "default");
    const input = {
      id: agreement.id,
      version: agreement.version,
      name,
      startDate,
      endDate: endDate === "" ? null : endDate,
      billingDay: Number(billingDay),
      lines: lines.map((line, i) => ({
        catalogueItemId: line.catalogueItemId ?? "",
        quantitySource: line.quantitySource,
        fixedQuantity: line.quantitySource === "fixed" ? Number(line.fixedQuantity) : undefined,
        unitPriceCents: linePrices[i] ?? null,
      })),
      workTypes: chosen.map(([workTypeId, t]) =>
        t.treatment === "included"
          ? { workTypeId, treatment: "included" as const }
          : { workTypeId, treatment: "rate" as const, hourlyRateCents: parseDollars(t.rate) ?? Number.NaN },
      ),
    };
    for (const [workTypeId, t] of chosen)
      if (t.treatment === "rate" && parseDollars(t.rate) === null) found[`rate.${workTypeId}`] = DOLLARS_HINT;
    lines.forEach((line, i) => {
      if (!line.catalogueItemId) found[`lines.${i}.catalogueItemId`] = "Choose a service";
    });
    const all = { ...fieldErrors(agreementUpdateInputSchema.safeParse(input)), ...found };
    setErrors(all);
    if (Object.keys(all).length === 0) save.mutate(input);
  };

  return (
    <Paper withBorder p={{ base: "sm", sm: "lg" }} radius="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Group justify="space-between" align="flex-start">
            <div>
              <Title order={1} size="h2">
                {agreement.name}
              </Title>
              <Text c="dimmed" size="sm">
                {agreement.clientName}
              </Text>
            </div>
          </Group>
          <Group grow align="flex-start" wrap="wrap">
            <TextInput
              label="Name"
              required
              miw={200}
              readOnly={!admin}
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              error={errors.name}
            />
            <NumberInput
              label="Billing day"
              description="1 to 28"
              min={1}
              max={28}
              miw={120}
              allowDecimal={false}
              readOnly={!admin}
              value={billingDay}
              onChange={setBillingDay}
              error={errors.billingDay}
            />
          </Group>
          <Group grow align="flex-start" wrap="wrap">
            <TextInput
              label="Starts on"
              type="date"
              required
              miw={160}
              readOnly={!admin}
              value={startDate}
              onChange={(e) => setStartDate(e.currentTarget.value)}
              error={errors.startDate}
            />
            <TextInput
              label="Ends on"
              description="Blank: open-ended"
              type="date"
              miw={160}
              readOnly={!admin}
              value={endDate}
              onChange={(e) => setEndDate(e.currentTarget.value)}
              error={errors.endDate}
            />
          </Group>

          <Title order={2} size="h4">
            Recurring lines
          </Title>
          {lines.length === 0 && (
            <Text size="sm" c="dimmed">
              No recurring lines: only time and prepaid hours are billed.
            </Text>
          )}
          {lines.map((line, i) => {
            const item = recurring.find((r) => r.id === line.catalogueItemId);
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: a line has no id of its own until saved
              <Group key={i} align="flex-start" gap="xs" wrap="wrap" role="group" aria-label={`Line ${i + 1}`}>
                <Select
                  label="Service"
                  required
                  searchable
                  w={{ base: "100%", sm: 260 }}
                  readOnly={!admin}
                  value={line.catalogueItemId}
                  onChange={(value) => changeLine(i, { catalogueItemId: value })}
                  data={recurring.map((r) => ({
                    value: r.id,
                    label: `${r.name} (${formatCents(r.priceCents)} ${CATALOGUE_UNIT_LABELS[r.unit].toLowerCase()})`,
                  }))}
                  error={errors[`lines.${i}.catalogueItemId`]}
                />
                <Select
                  label="Quantity"
                  allowDeselect={false}
                  w={{ base: "100%", sm: 240 }}
                  readOnly={!admin}
                  value={line.quantitySource}
                  onChange={(value) => value && changeLine(i, { quantitySource: value as QuantitySource })}
                  data={QUANTITY_SOURCES.map((q) => ({ value: q, label: QUANTITY_LABELS[q] }))}
                />
                {line.quantitySource === "fixed" && (
                  <TextInput
                    label="How many"
                    inputMode="numeric"
                    w={100}
                    readOnly={!admin}
                    value={line.fixedQuantity}
                    onChange={(e) => changeLine(i, { fixedQuantity: e.currentTarget.value })}
                    error={errors[`lines.${i}.fixedQuantity`]}
                  />
                )}
                <TextInput
                  label="Unit price ($)"
                  placeholder={item ? dollarsOf(item.priceCents) : "Catalogue price"}
                  inputMode="decimal"
                  w={140}
                  readOnly={!admin}
                  value={line.price}
                  onChange={(e) => changeLine(i, { price: e.currentTarget.value })}
                  error={errors[`lines.${i}.unitPriceCents`]}
                />
                {admin && (
                  <Button
                    variant="subtle"
                    color="red"
                    mt={24}
                    aria-label={`Remove line ${i + 1}`}
                    onClick={() => setLines(lines.filter((_, j) => j !== i))}
                  >
                    Remove
                  </Button>
                )}
              </Group>
            );
          })}
          {admin && (
            <Button
              variant="default"
              w="fit-content"
              onClick={() =>
                setLines([...lines, { catalogueItemId: null, quantitySource: "fixed", fixedQuantity: "1", price: "" }])
              }
            >
              Add a line
            </Button>
          )}

          <Title order={2} size="h4">
            Work types
          </Title>
          <Text size="sm" c="dimmed">
            Time of a work type is billed at its default rate unless it is included here or given another rate.
          </Text>
          <Table.ScrollContainer minWidth={480}>
            <Table aria-label="Work types">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Work type</Table.Th>
                  <Table.Th>Default rate</Table.Th>
                  <Table.Th>On this agreement</Table.Th>
                  <Table.Th>Rate ($/h)</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {types.map((type) => {
                  const t = treatments[type.id] ?? { treatment: "default" as const, rate: "" };
                  return (
                    <Table.Tr key={type.id}>
                      <Table.Td>{type.name}</Table.Td>
                      <Table.Td>
                        {type.hourlyRateCents === null ? "—" : `${formatCents(type.hourlyRateCents)}/h`}
                      </Table.Td>
                      <Table.Td>
                        <Select
                          aria-label={`${type.name} on this agreement`}
                          allowDeselect={false}
                          readOnly={!admin}
                          value={t.treatment}
                          onChange={(value) =>
                            value &&
                            setTreatments({ ...treatments, [type.id]: { ...t, treatment: value as Treatment } })
                          }
                          data={[
                            { value: "default", label: "Default rate" },
                            { value: "included", label: "Included" },
                            { value: "rate", label: "At a rate" },
                          ]}
                        />
                      </Table.Td>
                      <Table.Td>
                        {t.treatment === "rate" && (
                          <TextInput
                            aria-label={`${type.name} rate in dollars per hour`}
                            inputMode="decimal"
                            readOnly={!admin}
                            value={t.rate}
                            onChange={(e) =>
                              setTreatments({ ...treatments, [type.id]: { ...t, rate: e.currentTarget.value } })
                            }
                            error={errors[`rate.${type.id}`]}
                          />
                        )}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {errors.workTypes && (
            <Text c="red" size="sm">
              {errors.workTypes}
            </Text>
          )}
          {admin && (
            <Group justify="space-between">
              <Button variant="subtle" color="red" onClick={() => setDeleting(true)}>
                Delete agreement
              </Button>
              <Button type="submit" loading={save.isPending}>
                Save agreement
              </Button>
            </Group>
          )}
        </Stack>
      </form>
      <ConfirmDialog
        item={deleting ? agreement : null}
        onClose={() => setDeleting(false)}
        texts={{ title: "Delete this agreement?", label: "Delete", pendingLabel: "Deleting..." }}
        mutation={remove}
        input={(a) => ({ id: a.id })}
      >
        Only an agreement nothing was invoiced from can be deleted; one with invoices is ended instead (give it an end
        date).
      </ConfirmDialog>
    </Paper>
  );
}
