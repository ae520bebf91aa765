import { Badge, Button, Card, Checkbox, Group, Modal, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { WORK_TYPE_NAME_MAX, type WorkType } from "@repo/validators";
import { useEffect, useState } from "react";
import { toastOutcome } from "../../lib/staff-toasts";
import { trpc } from "../../lib/trpc";

/** Dollars as typed ("95", "95.50", "$1,200") to whole cents; null when it is not an amount. */
export function dollarsToCents(input: string): number | null {
  const value = input.trim().replace(/^\$/, "").replaceAll(",", "");
  if (!/^\d{1,6}(\.\d{1,2})?$/.test(value)) return null;
  return Math.round(Number(value) * 100);
}
const centsToDollars = (cents: number) => (cents / 100).toFixed(2);
const formatRate = (cents: number | null) => (cents === null ? "Hidden" : `$${centsToDollars(cents)}/h`);

/** The kinds of work time is recorded as: each with a default billable flag, an hourly rate and a place in lists. */
export function WorkTypesCard() {
  const utils = trpc.useUtils();
  const types = trpc.time.workTypes.useQuery();
  const [editing, setEditing] = useState<WorkType | "new" | null>(null);
  const refresh = () => utils.time.workTypes.invalidate();
  const update = trpc.time.updateWorkType.useMutation(
    toastOutcome(
      (saved) => [
        saved.archived ? "Work type archived" : "Work type restored",
        saved.archived ? `${saved.name} is no longer offered for new time.` : `${saved.name} is offered again.`,
      ],
      "Failed to change the work type",
      refresh,
    ),
  );
  const remove = trpc.time.deleteWorkType.useMutation(
    toastOutcome(
      ({ archived }) =>
        archived
          ? ["Work type archived", "It has recorded time, so it was archived rather than deleted."]
          : ["Work type deleted", "It had no recorded time."],
      "Failed to delete the work type",
      refresh,
    ),
  );
  const list = types.data ?? [];
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="work-types-title">
      <Group justify="space-between" mb="md">
        <Title order={2} size="h3" id="work-types-title">
          Work types
        </Title>
        <Button size="xs" onClick={() => setEditing("new")}>
          Add work type
        </Button>
      </Group>
      {types.isPending ? (
        <Text c="dimmed" size="sm" role="status">
          Loading work types...
        </Text>
      ) : types.isError ? (
        <Text c="red" size="sm" role="alert">
          The work types could not be loaded.
        </Text>
      ) : list.length === 0 ? (
        <Text c="dimmed" size="sm">
          No work types yet. Add one so that time can be recorded.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table aria-label="Work types">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Order</Table.Th>
                <Table.Th>Name</Table.Th>
                <Table.Th>Billable by default</Table.Th>
                <Table.Th ta="right">Hourly rate</Table.Th>
                <Table.Th>
                  <span className="visually-hidden">Actions</span>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((type) => (
                <Table.Tr key={type.id}>
                  <Table.Td>{type.sortOrder}</Table.Td>
                  <Table.Td>
                    {type.name}{" "}
                    {type.archived && (
                      <Badge size="xs" variant="light" color="gray">
                        Archived
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>{type.defaultBillable ? "Yes" : "No"}</Table.Td>
                  <Table.Td ta="right">{formatRate(type.hourlyRateCents)}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap" justify="flex-end">
                      <Button size="xs" variant="subtle" onClick={() => setEditing(type)}>
                        {`Edit ${type.name}`}
                      </Button>
                      <Button
                        size="xs"
                        variant="subtle"
                        loading={update.isPending && update.variables?.id === type.id}
                        onClick={() => update.mutate({ id: type.id, archived: !type.archived, version: type.version })}
                      >
                        {type.archived ? `Restore ${type.name}` : `Archive ${type.name}`}
                      </Button>
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        loading={remove.isPending && remove.variables?.id === type.id}
                        onClick={() => remove.mutate({ id: type.id })}
                      >
                        {`Delete ${type.name}`}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <WorkTypeModal editing={editing} nextOrder={nextOrder(list)} onClose={() => setEditing(null)} />
    </Card>
  );
}

const nextOrder = (list: WorkType[]) => Math.min(1000, list.reduce((max, t) => Math.max(max, t.sortOrder), 0) + 1);

/** Adds a work type, or changes one: name, billable by default, hourly rate (dollars shown, cents kept), order. */
function WorkTypeModal({
  editing,
  nextOrder,
  onClose,
}: {
  editing: WorkType | "new" | null;
  nextOrder: number;
  onClose(): void;
}) {
  const utils = trpc.useUtils();
  const [name, setName] = useState("");
  const [billable, setBillable] = useState(true);
  const [rate, setRate] = useState("");
  const [order, setOrder] = useState("");
  const [tried, setTried] = useState(false);
  useEffect(() => {
    if (!editing) return;
    const type = editing === "new" ? null : editing;
    setName(type?.name ?? "");
    setBillable(type?.defaultBillable ?? true);
    setRate(type?.hourlyRateCents == null ? "" : centsToDollars(type.hourlyRateCents));
    setOrder(String(type?.sortOrder ?? nextOrder));
    setTried(false);
  }, [editing, nextOrder]);
  const cents = dollarsToCents(rate);
  const sortOrder = /^\d{1,4}$/.test(order.trim()) ? Number(order.trim()) : null;
  const errors = {
    name: !name.trim() ? "Name is required" : name.trim().length > WORK_TYPE_NAME_MAX ? "Name is too long" : null,
    rate:
      cents === null
        ? "Hourly rate must be an amount in dollars, like 95 or 95.50"
        : cents > 10_000_000
          ? "Hourly rate must be at most $100,000.00"
          : null,
    order: sortOrder === null || sortOrder > 1000 ? "Order must be a whole number from 0 to 1000" : null,
  };
  const valid = !errors.name && !errors.rate && !errors.order;
  const after = async () => {
    await utils.time.workTypes.invalidate();
    onClose();
  };
  const create = trpc.time.createWorkType.useMutation(
    toastOutcome(
      (saved) => ["Work type added", `${saved.name} can be chosen for new time.`],
      "Failed to add the work type",
      after,
    ),
  );
  const update = trpc.time.updateWorkType.useMutation(
    toastOutcome((saved) => ["Work type saved", `${saved.name} was updated.`], "Failed to save the work type", after),
  );
  const existing = editing && editing !== "new" ? editing : null;
  return (
    <Modal opened={editing !== null} onClose={onClose} title={existing ? `Edit ${existing.name}` : "Add work type"}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setTried(true);
          if (!valid || cents === null || sortOrder === null) return;
          const fields = { name: name.trim(), defaultBillable: billable, hourlyRateCents: cents, sortOrder };
          if (existing) update.mutate({ id: existing.id, version: existing.version, ...fields });
          else create.mutate(fields);
        }}
      >
        <Stack gap="sm">
          <TextInput
            label="Name"
            required
            data-autofocus
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={tried && errors.name}
          />
          <TextInput
            label="Hourly rate (CAD)"
            required
            leftSection="$"
            placeholder="95.00"
            value={rate}
            onChange={(event) => setRate(event.currentTarget.value)}
            error={(tried || rate !== "") && errors.rate}
          />
          <TextInput
            label="Order in lists"
            value={order}
            onChange={(event) => setOrder(event.currentTarget.value)}
            error={(tried || order !== "") && errors.order}
          />
          <Checkbox
            label="Billable by default"
            checked={billable}
            onChange={(event) => setBillable(event.currentTarget.checked)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              {existing ? "Save work type" : "Add work type"}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
