import { Button, Checkbox, Group, Modal, Select, Stack, TextInput } from "@mantine/core";
import { isoDay } from "@repo/content";
import {
  CATALOGUE_UNIT_LABELS,
  creditNoteInputSchema,
  formatCents,
  type Invoice,
  invoiceItemInputSchema,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  paymentInputSchema,
} from "@repo/validators";
import { type FormEvent, useState } from "react";
import { FormActions } from "../../components/form-actions";
import { toastOutcome } from "../../lib/staff-toasts";
import { trpc } from "../../lib/trpc";
import { DOLLARS_HINT, dollarsOf, parseDollars } from "./billing-format";
import { fieldErrors } from "./form-errors";

interface DialogProps {
  invoice: Invoice;
  opened: boolean;
  onClose(): void;
}

/** Cents from a dollars field, or the hint when it is not an amount (`null`: nothing typed). */
const centsOrHint = (text: string) => {
  const cents = parseDollars(text);
  return { cents: cents ?? Number.NaN, hint: text.trim() !== "" && cents === null ? DOLLARS_HINT : null };
};

/** A one-off item added to a draft: from the catalogue (its name and price filled in) or typed. */
export function AddItemDialog({ invoice, opened, onClose }: DialogProps) {
  const utils = trpc.useUtils();
  const catalogue = trpc.billing.catalogue.useQuery(undefined, { enabled: opened });
  const [itemId, setItemId] = useState<string | null>(null);
  const [description, setDescription] = useState("");
  const [quantity, setQuantity] = useState("1");
  const [price, setPrice] = useState("");
  const [taxable, setTaxable] = useState(true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const add = trpc.billing.addInvoiceItem.useMutation(
    toastOutcome(
      (saved) => ["Item added", `The draft for ${saved.clientName} now totals its new amount.`],
      "Failed to add the item",
      async (saved) => {
        utils.billing.invoice.setData({ id: saved.id }, saved);
        await utils.billing.invoices.invalidate();
        close();
      },
    ),
  );
  const close = () => {
    setItemId(null);
    setDescription("");
    setQuantity("1");
    setPrice("");
    setTaxable(true);
    setErrors({});
    onClose();
  };
  const items = (catalogue.data ?? []).filter((item) => !item.archived);
  const choose = (id: string | null) => {
    setItemId(id);
    const item = items.find((i) => i.id === id);
    if (!item) return;
    setDescription(item.name);
    setPrice(dollarsOf(item.priceCents));
    setTaxable(item.taxable);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const money = centsOrHint(price);
    const input = {
      invoiceId: invoice.id,
      catalogueItemId: itemId ?? undefined,
      description,
      quantity: Number(quantity),
      unitPriceCents: money.cents,
      taxable,
    };
    const found = fieldErrors(invoiceItemInputSchema.safeParse(input));
    if (money.hint || price.trim() === "") found.unitPriceCents = money.hint ?? "Unit price is required";
    setErrors(found);
    if (Object.keys(found).length === 0) add.mutate(input);
  };
  return (
    <Modal opened={opened} onClose={close} title="Add an item" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Select
            label="From the catalogue"
            placeholder="None: type the item"
            clearable
            searchable
            value={itemId}
            onChange={choose}
            data={items.map((i) => ({ value: i.id, label: `${i.name} (${CATALOGUE_UNIT_LABELS[i.unit]})` }))}
          />
          <TextInput
            label="Description"
            required
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
            error={errors.description}
          />
          <Group grow align="flex-start">
            <TextInput
              label="Quantity"
              required
              inputMode="numeric"
              value={quantity}
              onChange={(e) => setQuantity(e.currentTarget.value)}
              error={errors.quantity}
            />
            <TextInput
              label="Unit price ($)"
              required
              inputMode="decimal"
              value={price}
              onChange={(e) => setPrice(e.currentTarget.value)}
              error={errors.unitPriceCents}
            />
          </Group>
          <Checkbox label="Taxable" checked={taxable} onChange={(e) => setTaxable(e.currentTarget.checked)} />
          <FormActions onCancel={close} pending={add.isPending} label="Add item" pendingLabel="Adding..." />
        </Stack>
      </form>
    </Modal>
  );
}

interface CreditLine {
  description: string;
  amount: string;
  taxable: boolean;
}

/** A credit note against an approved invoice: one or more credited amounts, drafted for approval. */
export function CreditNoteDialog({
  invoice,
  opened,
  onClose,
  onCreated,
}: DialogProps & { onCreated(id: string): void }) {
  const utils = trpc.useUtils();
  const first = (): CreditLine => ({
    description: `Credit on ${invoice.number ?? "invoice"}`,
    amount: invoice.balanceCents > 0 ? dollarsOf(invoice.balanceCents) : "",
    taxable: true,
  });
  const [lines, setLines] = useState<CreditLine[]>([first()]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = trpc.billing.createCreditNote.useMutation(
    toastOutcome(
      () => ["Credit note drafted", "Approve it to take it off the invoice."],
      "Failed to draft the credit note",
      async (saved) => {
        await utils.billing.invoices.invalidate();
        close();
        onCreated(saved.id);
      },
    ),
  );
  const close = () => {
    setLines([first()]);
    setErrors({});
    onClose();
  };
  const change = (index: number, patch: Partial<CreditLine>) =>
    setLines(lines.map((line, i) => (i === index ? { ...line, ...patch } : line)));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const moneys = lines.map((line) => centsOrHint(line.amount));
    const input = {
      invoiceId: invoice.id,
      lines: lines.map((line, i) => ({
        description: line.description,
        amountCents: moneys[i]!.cents,
        taxable: line.taxable,
      })),
    };
    const found = fieldErrors(creditNoteInputSchema.safeParse(input));
    moneys.forEach((money, i) => {
      if (money.hint || lines[i]!.amount.trim() === "")
        found[`lines.${i}.amountCents`] = money.hint ?? "Amount is required";
    });
    setErrors(found);
    if (Object.keys(found).length === 0) create.mutate(input);
  };
  return (
    <Modal opened={opened} onClose={close} title="Credit note" centered size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {lines.map((line, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: lines have no id until saved; they are only appended and removed from the end
            <Group key={i} align="flex-start" wrap="wrap" gap="xs">
              <TextInput
                label={`Line ${i + 1}: description`}
                required
                style={{ flex: 2, minWidth: 200 }}
                value={line.description}
                onChange={(e) => change(i, { description: e.currentTarget.value })}
                error={errors[`lines.${i}.description`]}
              />
              <TextInput
                label={`Line ${i + 1}: amount ($)`}
                required
                inputMode="decimal"
                style={{ flex: 1, minWidth: 120 }}
                value={line.amount}
                onChange={(e) => change(i, { amount: e.currentTarget.value })}
                error={errors[`lines.${i}.amountCents`]}
              />
              <Checkbox
                mt={32}
                label="Taxable"
                checked={line.taxable}
                onChange={(e) => change(i, { taxable: e.currentTarget.checked })}
              />
            </Group>
          ))}
          <Group gap="xs">
            <Button variant="subtle" size="xs" onClick={() => setLines([...lines, { ...first(), amount: "" }])}>
              Add a line
            </Button>
            {lines.length > 1 && (
              <Button variant="subtle" size="xs" color="red" onClick={() => setLines(lines.slice(0, -1))}>
                Remove the last line
              </Button>
            )}
          </Group>
          <FormActions
            onCancel={close}
            pending={create.isPending}
            label="Draft credit note"
            pendingLabel="Drafting..."
          />
        </Stack>
      </form>
    </Modal>
  );
}

/** A payment received: its date, method, reference and amount; part of the balance is allowed. */
export function PaymentDialog({ invoice, opened, onClose }: DialogProps) {
  const utils = trpc.useUtils();
  const [paidOn, setPaidOn] = useState(isoDay());
  const [method, setMethod] = useState<string | null>("eft");
  const [reference, setReference] = useState("");
  const [amount, setAmount] = useState(dollarsOf(invoice.balanceCents));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const record = trpc.billing.recordPayment.useMutation(
    toastOutcome(
      (saved) => [
        "Payment recorded",
        `${saved.number ?? "The invoice"} now has a balance of ${formatCents(saved.balanceCents)}.`,
      ],
      "Failed to record the payment",
      async (saved) => {
        utils.billing.invoice.setData({ id: saved.id }, saved);
        await utils.billing.invoices.invalidate();
        close();
      },
    ),
  );
  const close = () => {
    setErrors({});
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const money = centsOrHint(amount);
    const input = { invoiceId: invoice.id, paidOn, method: method ?? "", reference, amountCents: money.cents };
    const found = fieldErrors(paymentInputSchema.safeParse(input));
    if (money.hint || amount.trim() === "") found.amountCents = money.hint ?? "Amount is required";
    setErrors(found);
    if (Object.keys(found).length === 0) record.mutate(paymentInputSchema.parse(input));
  };
  return (
    <Modal opened={opened} onClose={close} title="Record a payment" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Paid on"
            type="date"
            required
            value={paidOn}
            onChange={(e) => setPaidOn(e.currentTarget.value)}
            error={errors.paidOn}
          />
          <Select
            label="Method"
            required
            allowDeselect={false}
            value={method}
            onChange={setMethod}
            data={PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }))}
            error={errors.method}
          />
          <TextInput
            label="Reference"
            value={reference}
            onChange={(e) => setReference(e.currentTarget.value)}
            error={errors.reference}
          />
          <TextInput
            label="Amount ($)"
            required
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.currentTarget.value)}
            error={errors.amountCents}
          />
          <FormActions onCancel={close} pending={record.isPending} label="Record payment" pendingLabel="Recording..." />
        </Stack>
      </form>
    </Modal>
  );
}
