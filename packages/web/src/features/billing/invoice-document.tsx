import { Divider, Group, Paper, SimpleGrid, Stack, Table, Text, Title, VisuallyHidden } from "@mantine/core";
import { formatDay } from "@repo/content";
import { formatCents, formatMinutes, formatRate, type Invoice, PAYMENT_METHOD_LABELS } from "@repo/validators";
import type { ReactNode } from "react";
import { formatMonth } from "./billing-format";
import { InvoiceStateBadge } from "./invoice-state-badge";
import { ScrollBox } from "../../components/scroll-box";

type Line = Invoice["lines"][number];

/** An invoice's or credit note's title: its number once approved. */
export function invoiceTitle(invoice: Pick<Invoice, "kind" | "number">): string {
  const kind = invoice.kind === "credit_note" ? "Credit note" : "Invoice";
  return invoice.number ? `${kind} ${invoice.number}` : `Draft ${kind.toLowerCase()}`;
}

const quantityOf = (line: Line) =>
  line.quantityUnit === "minutes" ? formatMinutes(line.quantity) : String(line.quantity);
const unitPriceOf = (line: Line) =>
  line.quantityUnit === "minutes" ? `${formatCents(line.unitPriceCents)}/h` : formatCents(line.unitPriceCents);

interface InvoiceDocumentProps {
  invoice: Invoice;
  /** A control at the end of a line (staff: remove an added item from a draft); none for the client. */
  lineAction?(line: Line): ReactNode;
}

/**
 * The invoice as HTML, the same for staff and the client (docs/features.md §11): who it is to, its lines,
 * taxes and totals, the due date, the payments and what credit notes took off.
 */
export function InvoiceDocument({ invoice, lineAction }: InvoiceDocumentProps) {
  const totals: [string, number][] = [
    ["Subtotal", invoice.subtotalCents],
    ...invoice.taxes.map((t): [string, number] => [
      `${t.label} ${formatRate(t.rateMilliPercent)} on ${formatCents(t.baseCents)}`,
      t.amountCents,
    ]),
  ];
  return (
    <Paper withBorder p={{ base: "sm", sm: "lg" }} radius="md" component="article" aria-label={invoiceTitle(invoice)}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <div>
            {/* The page's heading: the invoice is what the page is. */}
            <Title order={1} size="h3">
              {invoiceTitle(invoice)}
            </Title>
            {invoice.month && (
              <Text size="sm" c="dimmed">
                {formatMonth(invoice.month)}
              </Text>
            )}
            {invoice.creditsInvoiceNumber && <Text size="sm">Credits invoice {invoice.creditsInvoiceNumber}</Text>}
          </div>
          <InvoiceStateBadge state={invoice.state} />
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              Bill to
            </Text>
            <Text fw={600}>{invoice.billTo.name}</Text>
            {invoice.billTo.address && (
              <Text size="sm" style={{ whiteSpace: "pre-line" }}>
                {invoice.billTo.address}
              </Text>
            )}
            {invoice.billTo.email && <Text size="sm">{invoice.billTo.email}</Text>}
          </div>
          <dl style={{ margin: 0 }}>
            <Fact term="Issued" value={formatDay(invoice.issueDate)} />
            <Fact term="Due" value={formatDay(invoice.dueDate)} />
            <Fact term="Tax" value={invoice.taxName} />
          </dl>
        </SimpleGrid>
        <ScrollBox label="Lines, scrolling" minWidth={520}>
          <Table striped aria-label="Lines">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Description</Table.Th>
                <Table.Th ta="right">Quantity</Table.Th>
                <Table.Th ta="right">Unit price</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
                {lineAction && (
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {invoice.lines.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={lineAction ? 5 : 4}>
                    <Text c="dimmed" size="sm">
                      No lines.
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {invoice.lines.map((line) => (
                <Table.Tr key={line.id}>
                  <Table.Td>
                    {line.description}
                    {!line.taxable && (
                      <Text span size="xs" c="dimmed">
                        {" "}
                        (not taxed)
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">{quantityOf(line)}</Table.Td>
                  <Table.Td ta="right">{unitPriceOf(line)}</Table.Td>
                  <Table.Td ta="right">{formatCents(line.amountCents)}</Table.Td>
                  {lineAction && <Table.Td>{lineAction(line)}</Table.Td>}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollBox>
        <Stack gap={4} ml="auto" miw={{ base: "100%", sm: 360 }} aria-label="Totals" role="group">
          {totals.map(([label, cents]) => (
            <Amount key={label} label={label} cents={cents} />
          ))}
          <Divider />
          <Amount label="Total" cents={invoice.totalCents} strong />
          {invoice.paidCents > 0 && <Amount label="Paid" cents={-invoice.paidCents} />}
          {invoice.creditedCents > 0 && <Amount label="Credited" cents={-invoice.creditedCents} />}
          {invoice.kind === "invoice" && invoice.number && (
            <Amount label="Balance due" cents={invoice.balanceCents} strong />
          )}
        </Stack>
        {invoice.payments.length > 0 && (
          <div>
            <Title order={2} size="h5" mb="xs">
              Payments
            </Title>
            <ScrollBox label="Payments, scrolling" minWidth={400}>
              <Table aria-label="Payments">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Date</Table.Th>
                    <Table.Th>Method</Table.Th>
                    <Table.Th>Reference</Table.Th>
                    <Table.Th ta="right">Amount</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {invoice.payments.map((p) => (
                    <Table.Tr key={p.id}>
                      <Table.Td>{formatDay(p.paidOn)}</Table.Td>
                      <Table.Td>{PAYMENT_METHOD_LABELS[p.method]}</Table.Td>
                      <Table.Td>{p.reference || "—"}</Table.Td>
                      <Table.Td ta="right">{formatCents(p.amountCents)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollBox>
          </div>
        )}
      </Stack>
    </Paper>
  );
}

function Fact({ term, value }: { term: string; value: string }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Text component="dt" size="sm" c="dimmed" w={60}>
        {term}
      </Text>
      <Text component="dd" size="sm" m={0}>
        {value}
      </Text>
    </Group>
  );
}

function Amount({ label, cents, strong = false }: { label: string; cents: number; strong?: boolean }) {
  return (
    <Group justify="space-between" gap="md" wrap="nowrap">
      <Text size="sm" fw={strong ? 700 : undefined}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : undefined} ff="monospace">
        {formatCents(cents)}
      </Text>
    </Group>
  );
}
