import { Badge, Table, Text } from "@mantine/core";
import { type AutomationDryRun, ticketReference } from "@repo/validators";
import { AnchorLink } from "../../components/router-links";

/** The dry run's answer: per recent ticket, whether the rule matched and what each action would change. */
export function DryRunTable({ result }: { result: AutomationDryRun }) {
  const matched = result.tickets.filter((t) => t.matched).length;
  return (
    <>
      <Text size="sm" role="status">
        Dry run: {matched} of the last {result.tickets.length} tickets would match. Nothing was changed.
      </Text>
      <Table.ScrollContainer minWidth={600}>
        <Table striped aria-label="Dry run result">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Ticket</Table.Th>
              <Table.Th>Matches</Table.Th>
              <Table.Th>Would change</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {result.tickets.map((t) => (
              <Table.Tr key={t.ticketId}>
                <Table.Td>
                  <AnchorLink to="/tickets/$id" params={{ id: t.ticketId }} size="sm">
                    #{ticketReference(t.ticketId)}
                  </AnchorLink>{" "}
                  {t.title}
                </Table.Td>
                <Table.Td>{t.matched ? <Badge color="green">Yes</Badge> : <Badge color="gray">No</Badge>}</Table.Td>
                <Table.Td>{t.effects.map((e) => e.change).join("; ") || "—"}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}
