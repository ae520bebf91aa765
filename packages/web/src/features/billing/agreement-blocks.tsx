import {
  Badge,
  Button,
  Group,
  MultiSelect,
  Paper,
  Progress,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { formatDay, isoDay } from "@repo/content";
import { type Agreement, type Block, blockCreateInputSchema, formatCents, formatMinutes } from "@repo/validators";
import { type FormEvent, useState } from "react";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { FormActions } from "../../components/form-actions";
import { readStoredUser } from "../../lib/auth-storage";
import { toastOutcome } from "../../lib/staff-toasts";
import { trpc } from "../../lib/trpc";
import { DOLLARS_HINT, parseDollars, parseHours } from "./billing-format";
import { fieldErrors } from "./form-errors";
import { ScrollBox } from "../../components/scroll-box";

/** The share of a block's hours used, 0 to 100. */
export const burnPercent = (block: Pick<Block, "minutes" | "usedMinutes">) =>
  block.minutes === 0 ? 100 : Math.min(100, Math.round((100 * block.usedMinutes) / block.minutes));

/** An agreement's prepaid hour blocks: how much of each is burnt; an ADMIN sells a new one or deletes one. */
export function AgreementBlocks({ agreement }: { agreement: Agreement }) {
  const admin = readStoredUser()?.role === "ADMIN";
  const utils = trpc.useUtils();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<Block | null>(null);
  const remove = trpc.billing.deleteBlock.useMutation(
    toastOutcome(
      () => ["Block deleted", "The prepaid hours are removed."],
      "Failed to delete the block",
      async () => {
        setDeleting(null);
        await utils.billing.agreement.invalidate({ id: agreement.id });
      },
    ),
  );
  return (
    <Paper withBorder p={{ base: "sm", sm: "lg" }} radius="md" component="section" aria-label="Prepaid hours">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          Prepaid hours
        </Title>
        {admin && !adding && (
          <Button variant="default" onClick={() => setAdding(true)}>
            Add block
          </Button>
        )}
      </Group>
      {adding && <NewBlockForm agreementId={agreement.id} onClose={() => setAdding(false)} />}
      {agreement.blocks.length === 0 ? (
        <Text size="sm" c="dimmed">
          No prepaid hours on this agreement.
        </Text>
      ) : (
        <ScrollBox label="Blocks, scrolling" minWidth={720}>
          <Table aria-label="Blocks">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Hours</Table.Th>
                <Table.Th>Burn</Table.Th>
                <Table.Th>Work types</Table.Th>
                <Table.Th>Bought</Table.Th>
                <Table.Th>Expires</Table.Th>
                <Table.Th ta="right">Price</Table.Th>
                <Table.Th ta="right">Overage</Table.Th>
                {admin && <Table.Th />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {agreement.blocks.map((block) => (
                <Table.Tr key={block.id}>
                  <Table.Td>{formatMinutes(block.minutes)}</Table.Td>
                  <Table.Td miw={180}>
                    <Text size="xs">
                      {formatMinutes(block.usedMinutes)} used, {formatMinutes(block.remainingMinutes)} left
                    </Text>
                    <Progress
                      value={burnPercent(block)}
                      color={block.expired ? "gray" : burnPercent(block) >= 80 ? "orange" : "blue"}
                      aria-label={`${burnPercent(block)}% used`}
                    />
                    {block.expired && (
                      <Badge variant="light" color="gray" size="xs" mt={4}>
                        Expired
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>{block.workTypeNames.join(", ")}</Table.Td>
                  <Table.Td>{formatDay(block.purchasedOn)}</Table.Td>
                  <Table.Td>{formatDay(block.expiresOn)}</Table.Td>
                  <Table.Td ta="right">{block.priceCents === null ? "—" : formatCents(block.priceCents)}</Table.Td>
                  <Table.Td ta="right">
                    {block.overageRateCents === null ? "—" : `${formatCents(block.overageRateCents)}/h`}
                  </Table.Td>
                  {admin && (
                    <Table.Td>
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        color="red"
                        aria-label={`Delete the block of ${formatMinutes(block.minutes)} bought ${formatDay(block.purchasedOn)}`}
                        onClick={() => setDeleting(block)}
                      >
                        Delete
                      </Button>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollBox>
      )}
      <ConfirmDialog
        item={deleting}
        onClose={() => setDeleting(null)}
        texts={{ title: "Delete this block?", label: "Delete", pendingLabel: "Deleting..." }}
        mutation={remove}
        input={(block) => ({ id: block.id })}
      >
        Only a block nothing was billed from can be deleted.
      </ConfirmDialog>
    </Paper>
  );
}

const nextYear = (day: string) => `${Number(day.slice(0, 4)) + 1}${day.slice(4)}`;

function NewBlockForm({ agreementId, onClose }: { agreementId: string; onClose(): void }) {
  const utils = trpc.useUtils();
  const workTypes = trpc.time.workTypes.useQuery();
  const [hours, setHours] = useState("10");
  const [price, setPrice] = useState("");
  const [purchasedOn, setPurchasedOn] = useState(isoDay());
  const [expiresOn, setExpiresOn] = useState(nextYear(isoDay()));
  const [overage, setOverage] = useState("");
  const [workTypeIds, setWorkTypeIds] = useState<string[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const add = trpc.billing.addBlock.useMutation(
    toastOutcome(
      (saved) => [
        "Block added",
        `${formatMinutes(saved.minutes)} of prepaid hours, until ${formatDay(saved.expiresOn)}.`,
      ],
      "Failed to add the block",
      async () => {
        await utils.billing.agreement.invalidate({ id: agreementId });
        onClose();
      },
    ),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const minutes = parseHours(hours);
    const priceCents = parseDollars(price);
    const overageRateCents = parseDollars(overage);
    const input = {
      agreementId,
      minutes: minutes ?? Number.NaN,
      priceCents: priceCents ?? Number.NaN,
      purchasedOn,
      expiresOn,
      overageRateCents: overageRateCents ?? Number.NaN,
      workTypeIds,
    };
    const found = fieldErrors(blockCreateInputSchema.safeParse(input));
    if (minutes === null) found.minutes = "Hours must be a number above 0, like 10 or 7.5";
    if (priceCents === null) found.priceCents = DOLLARS_HINT;
    if (overageRateCents === null) found.overageRateCents = DOLLARS_HINT;
    setErrors(found);
    if (Object.keys(found).length === 0) add.mutate(input);
  };
  return (
    <form onSubmit={submit} noValidate aria-label="New block">
      <Stack gap="sm" mb="md">
        <Group grow align="flex-start" wrap="wrap">
          <TextInput
            label="Hours"
            required
            inputMode="decimal"
            miw={100}
            value={hours}
            onChange={(e) => setHours(e.currentTarget.value)}
            error={errors.minutes}
          />
          <TextInput
            label="Price ($)"
            required
            inputMode="decimal"
            miw={120}
            value={price}
            onChange={(e) => setPrice(e.currentTarget.value)}
            error={errors.priceCents}
          />
          <TextInput
            label="Overage rate ($/h)"
            required
            inputMode="decimal"
            miw={140}
            value={overage}
            onChange={(e) => setOverage(e.currentTarget.value)}
            error={errors.overageRateCents}
          />
        </Group>
        <Group grow align="flex-start" wrap="wrap">
          <TextInput
            label="Bought on"
            type="date"
            required
            miw={160}
            value={purchasedOn}
            onChange={(e) => setPurchasedOn(e.currentTarget.value)}
            error={errors.purchasedOn}
          />
          <TextInput
            label="Expires on"
            type="date"
            required
            miw={160}
            value={expiresOn}
            onChange={(e) => setExpiresOn(e.currentTarget.value)}
            error={errors.expiresOn}
          />
        </Group>
        <MultiSelect
          label="Work types it covers"
          required
          value={workTypeIds}
          onChange={setWorkTypeIds}
          data={(workTypes.data ?? []).filter((t) => !t.archived).map((t) => ({ value: t.id, label: t.name }))}
          error={errors.workTypeIds}
        />
        <FormActions onCancel={onClose} pending={add.isPending} label="Add block" pendingLabel="Adding..." />
      </Stack>
    </form>
  );
}
