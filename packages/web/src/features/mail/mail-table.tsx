// The mail logs' lists (received, quarantined): a card with the query's loading, error and empty states,
// then a table with one row per mail.
import { Card, Table, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { ListTable } from "../../components/list-table";
import { type QueryTexts, QueryStates } from "../../components/query-states";

interface MailTableProps<M extends { id: string }> {
  query: { isPending: boolean; isError: boolean; data: { mails: M[] } | undefined };
  texts: QueryTexts;
  /** The table's accessible name. */
  label: string;
  columns: string[];
  minWidth: number;
  /** A mail's cells. */
  row(mail: M): ReactNode;
}

export function MailTable<M extends { id: string }>({
  query,
  texts,
  label,
  columns,
  minWidth,
  row,
}: MailTableProps<M>) {
  return (
    <Card withBorder padding="sm">
      <QueryStates query={query} texts={texts} isEmpty={(data) => data.mails.length === 0}>
        {(data) => (
          <ListTable label={label} columns={columns} minWidth={minWidth} spacing="xs">
            {data.mails.map((mail) => (
              <Table.Tr key={mail.id}>{row(mail)}</Table.Tr>
            ))}
          </ListTable>
        )}
      </QueryStates>
    </Card>
  );
}

/** A mail's subject as plain text; a long one wraps anywhere rather than widening the table. */
export function SubjectCell({ subject }: { subject: string }) {
  return (
    <Table.Td>
      <Text size="sm" style={{ overflowWrap: "anywhere" }}>
        {subject || "(no subject)"}
      </Text>
    </Table.Td>
  );
}
