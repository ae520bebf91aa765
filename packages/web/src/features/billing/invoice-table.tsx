import { Table } from "@mantine/core";
import { formatDay } from "@repo/content";
import { formatCents, type InvoiceSummary } from "@repo/validators";
import { AnchorLink } from "../../components/router-links";
import { formatMonth } from "./billing-format";
import { invoiceTitle } from "./invoice-document";
import { InvoiceStateBadge } from "./invoice-state-badge";

interface InvoiceTableProps {
  invoices: InvoiceSummary[];
  /** The table's accessible name. */
  label: string;
  /**
   * Staff see every company's invoices: each row's company and month, and it opens the staff invoice page.
   * A client sees only its own: the issue date instead, and the client invoice page.
   */
  staff?: boolean;
}

/** Invoices and credit notes as a list, for staff (/billing) and for a client (/client/billing). */
export function InvoiceTable({ invoices, label, staff = false }: InvoiceTableProps) {
  return (
    <Table.ScrollContainer minWidth={staff ? 760 : 520}>
      <Table striped highlightOnHover={staff} aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Invoice</Table.Th>
            {staff ? (
              <>
                <Table.Th>Company</Table.Th>
                <Table.Th>Month</Table.Th>
              </>
            ) : (
              <Table.Th>Issued</Table.Th>
            )}
            <Table.Th>Due</Table.Th>
            <Table.Th>{staff ? "State" : "Status"}</Table.Th>
            <Table.Th ta="right">Total</Table.Th>
            <Table.Th ta="right">Balance</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {invoices.map((invoice) => (
            <Table.Tr key={invoice.id}>
              <Table.Td>
                <AnchorLink
                  to={staff ? "/billing/invoices/$id" : "/client/billing/invoices/$id"}
                  params={{ id: invoice.id }}
                >
                  {invoiceTitle(invoice)}
                </AnchorLink>
              </Table.Td>
              {staff ? (
                <>
                  <Table.Td>{invoice.clientName}</Table.Td>
                  <Table.Td>{invoice.month ? formatMonth(invoice.month) : "—"}</Table.Td>
                </>
              ) : (
                <Table.Td>{formatDay(invoice.issueDate)}</Table.Td>
              )}
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
  );
}
