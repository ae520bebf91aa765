import {
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import {
  CATALOGUE_UNIT_LABELS,
  CATALOGUE_UNITS,
  type CatalogueItem,
  type CatalogueUnit,
  catalogueItemCreateInputSchema,
  formatCents,
} from "@repo/validators";
import { type FormEvent, useState } from "react";
import { FormActions } from "../../components/form-actions";
import { ArchiveToggleButton } from "../../components/archive-toggle-button";
import { QueryStates } from "../../components/query-states";
import { readStoredUser } from "../../lib/auth-storage";
import { toastOutcome } from "../../lib/staff-toasts";
import { trpc } from "../../lib/trpc";
import { DOLLARS_HINT, dollarsOf, parseDollars } from "./billing-format";
import { fieldErrors } from "./form-errors";
import { ScrollBox } from "../../components/scroll-box";

/** The catalogue: one-off items and recurring services, priced in dollars on screen and cents in storage. */
export function CatalogueSection() {
  const admin = readStoredUser()?.role === "ADMIN";
  const utils = trpc.useUtils();
  const catalogue = trpc.billing.catalogue.useQuery();
  const [editing, setEditing] = useState<CatalogueItem | "new" | null>(null);
  const archive = trpc.billing.updateCatalogueItem.useMutation(
    toastOutcome(
      (saved) => [saved.archived ? "Item archived" : "Item restored", saved.name],
      "Failed to change the item",
      () => utils.billing.catalogue.invalidate(),
    ),
  );
  return (
    <Paper withBorder p={{ base: "sm", sm: "lg" }} radius="md" component="section" aria-label="Catalogue">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          Catalogue
        </Title>
        {admin && (
          <Button variant="default" onClick={() => setEditing("new")}>
            Add item
          </Button>
        )}
      </Group>
      <QueryStates
        query={catalogue}
        texts={{ loading: "Loading the catalogue", error: "Failed to load the catalogue", empty: "No items yet." }}
        isEmpty={(items) => items.length === 0}
      >
        {(items) => (
          <ScrollBox label="Catalogue items, scrolling" minWidth={560}>
            <Table striped aria-label="Catalogue items">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Item</Table.Th>
                  <Table.Th>Priced</Table.Th>
                  <Table.Th ta="right">Price</Table.Th>
                  <Table.Th>Tax</Table.Th>
                  {admin && <Table.Th />}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((item) => (
                  <Table.Tr key={item.id} c={item.archived ? "dimmed" : undefined}>
                    <Table.Td>
                      {item.name}
                      {item.archived && (
                        <Badge variant="light" color="gray" size="xs" ml="xs">
                          Archived
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>{CATALOGUE_UNIT_LABELS[item.unit]}</Table.Td>
                    <Table.Td ta="right">
                      {item.packageSlug && item.priceCents === 0 ? "Quoted" : formatCents(item.priceCents)}
                    </Table.Td>
                    <Table.Td>{item.taxable ? "Taxable" : "Not taxed"}</Table.Td>
                    {admin && (
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          <Button
                            size="compact-xs"
                            variant="subtle"
                            onClick={() => setEditing(item)}
                            aria-label={`Edit ${item.name}`}
                          >
                            Edit
                          </Button>
                          <ArchiveToggleButton
                            name={item.name}
                            archived={item.archived}
                            pending={archive.isPending}
                            onToggle={(archived) => archive.mutate({ id: item.id, archived, version: item.version })}
                          />
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
      {editing && <CatalogueItemDialog item={editing === "new" ? null : editing} onClose={() => setEditing(null)} />}
    </Paper>
  );
}

function CatalogueItemDialog({ item, onClose }: { item: CatalogueItem | null; onClose(): void }) {
  const utils = trpc.useUtils();
  const [name, setName] = useState(item?.name ?? "");
  const [description, setDescription] = useState(item?.description ?? "");
  const [unit, setUnit] = useState<CatalogueUnit | null>(item?.unit ?? "per_user_month");
  const [price, setPrice] = useState(item ? dollarsOf(item.priceCents) : "");
  const [taxable, setTaxable] = useState(item?.taxable ?? true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const outcome = toastOutcome<CatalogueItem>(
    (saved) => [item ? "Item saved" : "Item added", `${saved.name} at ${formatCents(saved.priceCents)}.`],
    item ? "Failed to save the item" : "Failed to add the item",
    async () => {
      await utils.billing.catalogue.invalidate();
      onClose();
    },
  );
  const create = trpc.billing.createCatalogueItem.useMutation(outcome);
  const update = trpc.billing.updateCatalogueItem.useMutation(outcome);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const priceCents = parseDollars(price);
    const input = { name, description, unit: unit ?? undefined, priceCents: priceCents ?? Number.NaN, taxable };
    const found = fieldErrors(catalogueItemCreateInputSchema.safeParse(input));
    if (priceCents === null) found.priceCents = price.trim() === "" ? "Price is required" : DOLLARS_HINT;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const { unit: chosen, ...fields } = catalogueItemCreateInputSchema.parse(input);
    if (item) update.mutate({ id: item.id, version: item.version, ...fields });
    else create.mutate({ unit: chosen, ...fields });
  };
  return (
    <Modal opened onClose={onClose} title={item ? `Edit ${item.name}` : "Add a catalogue item"} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Name"
            required
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={errors.name}
          />
          <TextInput
            label="Description"
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
            error={errors.description}
          />
          <Select
            label="Priced"
            required
            allowDeselect={false}
            disabled={item !== null}
            description={item ? "How an item is priced is fixed once it exists" : undefined}
            value={unit}
            onChange={(value) => setUnit(value as CatalogueUnit | null)}
            data={CATALOGUE_UNITS.map((u) => ({ value: u, label: CATALOGUE_UNIT_LABELS[u] }))}
            error={errors.unit}
          />
          <TextInput
            label="Price ($)"
            required
            inputMode="decimal"
            value={price}
            onChange={(e) => setPrice(e.currentTarget.value)}
            error={errors.priceCents}
          />
          <Checkbox label="Taxable" checked={taxable} onChange={(e) => setTaxable(e.currentTarget.checked)} />
          <Text size="xs" c="dimmed">
            Amounts in Canadian dollars, before tax.
          </Text>
          <FormActions
            onCancel={onClose}
            pending={create.isPending || update.isPending}
            label={item ? "Save item" : "Add item"}
            pendingLabel="Saving..."
          />
        </Stack>
      </form>
    </Modal>
  );
}
