import { Badge, Button, Group, Modal, Paper, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { formatRate, taxCodeCreateInputSchema } from "@repo/validators";
import { type FormEvent, useState } from "react";
import { FormActions } from "../../components/form-actions";
import { ArchiveToggleButton } from "../../components/archive-toggle-button";
import { QueryStates } from "../../components/query-states";
import { readStoredUser } from "../../lib/auth-storage";
import { toastOutcome } from "../../lib/staff-toasts";
import { trpc } from "../../lib/trpc";
import { fieldErrors } from "./form-errors";
import { ScrollBox } from "../../components/scroll-box";

/** The tax codes companies are billed under; the default one applies to a company with none of its own. */
export function TaxCodesSection() {
  const admin = readStoredUser()?.role === "ADMIN";
  const utils = trpc.useUtils();
  const codes = trpc.billing.taxCodes.useQuery();
  const [adding, setAdding] = useState(false);
  const update = trpc.billing.updateTaxCode.useMutation(
    toastOutcome(
      (saved) => [
        saved.archived ? "Tax code archived" : saved.isDefault ? "Default tax code" : "Tax code restored",
        saved.isDefault ? `${saved.name} now applies to companies without a tax code of their own.` : saved.name,
      ],
      "Failed to change the tax code",
      () => utils.billing.taxCodes.invalidate(),
    ),
  );
  return (
    <Paper withBorder p={{ base: "sm", sm: "lg" }} radius="md" component="section" aria-label="Tax codes">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          Tax codes
        </Title>
        {admin && (
          <Button variant="default" onClick={() => setAdding(true)}>
            Add tax code
          </Button>
        )}
      </Group>
      <QueryStates
        query={codes}
        texts={{ loading: "Loading tax codes", error: "Failed to load tax codes", empty: "No tax codes yet." }}
        isEmpty={(list) => list.length === 0}
      >
        {(list) => (
          <ScrollBox label="Tax codes, scrolling" minWidth={480}>
            <Table striped aria-label="Tax code list">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Tax code</Table.Th>
                  <Table.Th>Rates</Table.Th>
                  {admin && <Table.Th />}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((code) => (
                  <Table.Tr key={code.id}>
                    <Table.Td>
                      {code.name}
                      {code.isDefault && (
                        <Badge variant="light" size="xs" ml="xs">
                          Default
                        </Badge>
                      )}
                      {code.archived && (
                        <Badge variant="light" color="gray" size="xs" ml="xs">
                          Archived
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>
                      {code.components.length === 0
                        ? "Exempt"
                        : code.components.map((c) => `${c.label} ${formatRate(c.rateMilliPercent)}`).join(" + ")}
                    </Table.Td>
                    {admin && (
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          {!code.isDefault && !code.archived && (
                            <Button
                              size="compact-xs"
                              variant="subtle"
                              aria-label={`Make default: ${code.name}`}
                              disabled={update.isPending}
                              onClick={() => update.mutate({ id: code.id, isDefault: true, version: code.version })}
                            >
                              Make default
                            </Button>
                          )}
                          {!code.isDefault && (
                            <ArchiveToggleButton
                              name={code.name}
                              archived={code.archived}
                              pending={update.isPending}
                              onToggle={(archived) => update.mutate({ id: code.id, archived, version: code.version })}
                            />
                          )}
                        </Group>
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollBox>
        )}
      </QueryStates>
      {adding && <TaxCodeDialog onClose={() => setAdding(false)} />}
    </Paper>
  );
}

/** "13" or "9.975" (percent) → thousandths of a percent; anything else → NaN, which the schema words. */
const milliPercent = (text: string) =>
  /^\d+(\.\d{1,3})?$/.test(text.trim()) ? Math.round(Number(text) * 1000) : Number.NaN;

function TaxCodeDialog({ onClose }: { onClose(): void }) {
  const utils = trpc.useUtils();
  const [name, setName] = useState("");
  const [parts, setParts] = useState([{ label: "", rate: "" }]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = trpc.billing.createTaxCode.useMutation(
    toastOutcome(
      (saved) => ["Tax code added", saved.name],
      "Failed to add the tax code",
      async () => {
        await utils.billing.taxCodes.invalidate();
        onClose();
      },
    ),
  );
  const change = (index: number, patch: Partial<(typeof parts)[number]>) =>
    setParts(parts.map((p, i) => (i === index ? { ...p, ...patch } : p)));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = {
      name,
      components: parts
        .filter((p) => p.label.trim() !== "" || p.rate.trim() !== "")
        .map((p) => ({ label: p.label, rateMilliPercent: milliPercent(p.rate) })),
    };
    const found = fieldErrors(taxCodeCreateInputSchema.safeParse(input));
    setErrors(found);
    if (Object.keys(found).length === 0) create.mutate(input);
  };
  return (
    <Modal opened onClose={onClose} title="Add a tax code" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Name"
            required
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={errors.name}
          />
          <Text size="sm" c="dimmed">
            Its taxes (none: exempt). A rate is a percent, like 13 or 9.975.
          </Text>
          {parts.map((part, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: parts are only appended
            <Group key={i} grow align="flex-start">
              <TextInput
                label={`Tax ${i + 1} label`}
                value={part.label}
                onChange={(e) => change(i, { label: e.currentTarget.value })}
                error={errors[`components.${i}.label`]}
              />
              <TextInput
                label={`Tax ${i + 1} rate (%)`}
                inputMode="decimal"
                value={part.rate}
                onChange={(e) => change(i, { rate: e.currentTarget.value })}
                error={errors[`components.${i}.rateMilliPercent`]}
              />
            </Group>
          ))}
          {parts.length < 3 && (
            <Button
              variant="subtle"
              size="xs"
              w="fit-content"
              onClick={() => setParts([...parts, { label: "", rate: "" }])}
            >
              Add a tax
            </Button>
          )}
          <FormActions onCancel={onClose} pending={create.isPending} label="Add tax code" pendingLabel="Adding..." />
        </Stack>
      </form>
    </Modal>
  );
}
