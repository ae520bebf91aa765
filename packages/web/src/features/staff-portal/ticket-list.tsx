import { Card, Group, Stack, Table, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { ticketReference } from "@repo/validators";
import { useNavigate } from "@tanstack/react-router";
import { BadgeCell } from "../../components/badge-cell";
import { ListTable } from "../../components/list-table";
import { AnchorLink } from "../../components/router-links";
import { formatStaffDateTime } from "../../lib/format-date";
import { WRAP_ANYWHERE } from "../../lib/ui-constants";
import type { TicketListItem } from "./api-types";
import { SlaBadge, TicketPriorityBadge, TicketStatusBadge } from "./ticket-badges";

/**
 * The staff ticket list: a table on wide screens, cards on phones. Each ticket's title is a real link to
 * /tickets/{id} (keyboard and middle-click work); a click anywhere on the row follows it too.
 */
export function TicketList({ tickets }: { tickets: TicketListItem[] }) {
  const phone = useMediaQuery("(max-width: 48em)");
  return phone ? <TicketCards tickets={tickets} /> : <TicketTable tickets={tickets} />;
}

function TicketLink({ ticket }: { ticket: TicketListItem }) {
  return (
    <AnchorLink
      to="/tickets/$id"
      params={{ id: ticket.id }}
      fw={600}
      c="inherit"
      underline="hover"
      style={WRAP_ANYWHERE}
    >
      {ticket.title}
    </AnchorLink>
  );
}

function TicketTable({ tickets }: { tickets: TicketListItem[] }) {
  const navigate = useNavigate();
  return (
    <ListTable
      label="Tickets"
      columns={["Ticket", "Title", "Status", "Priority", "Assignee", "Updated"]}
      minWidth={860}
      highlightOnHover
    >
      {tickets.map((ticket) => (
        <Table.Tr
          key={ticket.id}
          data-ticket-id={ticket.id}
          style={{ cursor: "pointer" }}
          onClick={(event) => {
            // The title link handles its own clicks (and modifier keys); the rest of the row follows it.
            if ((event.target as HTMLElement).closest("a")) return;
            void navigate({ to: "/tickets/$id", params: { id: ticket.id } });
          }}
        >
          <Table.Td>
            <Text ff="monospace" size="sm" c="dimmed">
              #{ticketReference(ticket.id)}
            </Text>
          </Table.Td>
          <Table.Td>
            <TicketLink ticket={ticket} />
            <Text size="xs" c="dimmed">
              {ticket.client?.name ?? "—"} · {ticket.requesterName}
            </Text>
          </Table.Td>
          <BadgeCell>
            <TicketStatusBadge status={ticket.status} />
            <SlaBadge state={ticket.slaState} />
          </BadgeCell>
          <Table.Td>
            <TicketPriorityBadge priority={ticket.priority} />
          </Table.Td>
          <Table.Td>
            <Text size="sm">{ticket.assignee?.name ?? "Unassigned"}</Text>
          </Table.Td>
          <Table.Td>
            <Text size="sm" c="dimmed">
              {formatStaffDateTime(ticket.updatedAt)}
            </Text>
          </Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );
}

function TicketCards({ tickets }: { tickets: TicketListItem[] }) {
  return (
    <Stack gap="sm" role="list" aria-label="Tickets">
      {tickets.map((ticket) => (
        <Card key={ticket.id} withBorder padding="sm" role="listitem" data-ticket-id={ticket.id}>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text ff="monospace" size="xs" c="dimmed">
              #{ticketReference(ticket.id)}
            </Text>
            <Text size="xs" c="dimmed">
              {formatStaffDateTime(ticket.updatedAt)}
            </Text>
          </Group>
          <TicketLink ticket={ticket} />
          <Text size="xs" c="dimmed">
            {ticket.client?.name ?? "—"} · {ticket.assignee?.name ?? "Unassigned"}
          </Text>
          <Group gap={4} mt="xs">
            <TicketStatusBadge status={ticket.status} />
            <TicketPriorityBadge priority={ticket.priority} />
            <SlaBadge state={ticket.slaState} />
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
