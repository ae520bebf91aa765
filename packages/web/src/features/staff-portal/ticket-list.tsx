import { Button, Card, Checkbox, Group, Stack, Table, Text, VisuallyHidden } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { ticketReference } from "@repo/validators";
import { useNavigate } from "@tanstack/react-router";
import { useEffect, useRef } from "react";
import { BadgeCell } from "../../components/badge-cell";
import { AnchorLink } from "../../components/router-links";
import { TimeAgo } from "../../components/time-ago";
import { WRAP_ANYWHERE } from "../../lib/ui-constants";
import type { TicketListItem } from "./api-types";
import { SlaBadge, TicketPriorityBadge, TicketStatusBadge } from "./ticket-badges";
import { HeldBadge } from "./held-review";

/**
 * The agent desk's part of the list (docs/architecture.md §18): which rows are selected for a bulk action,
 * which one the keyboard highlights (j/k), and "Assign to me". Without it the list is the spec's plain list.
 */
export interface TicketListDesk {
  /** ADMIN and AGENT: checkboxes and Assign to me. A VIEWER gets neither. */
  canWrite: boolean;
  selected: ReadonlySet<string>;
  onToggle(id: string): void;
  onToggleAll(): void;
  /** The row j/k moved to, by index; -1: none. */
  highlighted: number;
  /** The signed-in person's email: their own tickets need no "Assign to me". */
  myEmail: string | undefined;
  onAssignToMe(id: string): void;
  /** The ticket an Assign to me is running for. */
  assigning: string | null;
}

/**
 * The staff ticket list: a table on wide screens, cards on phones. Each ticket's title is a real link to
 * /tickets/{id} (keyboard and middle-click work); a click anywhere on the row follows it too.
 */
export function TicketList({ tickets, desk }: { tickets: TicketListItem[]; desk?: TicketListDesk }) {
  const phone = useMediaQuery("(max-width: 48em)");
  return phone ? <TicketCards tickets={tickets} desk={desk} /> : <TicketTable tickets={tickets} desk={desk} />;
}

function TicketLink({ ticket }: { ticket: TicketListItem }) {
  return (
    <>
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
      <HeldBadge held={ticket.held} />
    </>
  );
}

/** The keyboard's row: marked for assistive technology and styled, and kept in sight as it moves. */
function useHighlight(highlighted: boolean) {
  const ref = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (highlighted) ref.current?.scrollIntoView?.({ block: "nearest" });
  }, [highlighted]);
  return {
    ref,
    "data-highlighted": highlighted || undefined,
    style: highlighted
      ? {
          outline: "2px solid var(--mantine-primary-color-filled)",
          outlineOffset: -2,
          background: "var(--mantine-primary-color-light)",
        }
      : undefined,
  };
}

function SelectBox({ ticket, desk }: { ticket: TicketListItem; desk: TicketListDesk }) {
  return (
    <Checkbox
      // 24 px: the smallest target WCAG 2.2 (2.5.8) allows, on a phone's cards too.
      size="md"
      aria-label={`Select ticket #${ticketReference(ticket.id)}`}
      checked={desk.selected.has(ticket.id)}
      onChange={() => desk.onToggle(ticket.id)}
    />
  );
}

/** The ticket's number, after its selection box where the person may act on the selection. */
function NumberWithSelect({
  ticket,
  desk,
  size,
}: {
  ticket: TicketListItem;
  desk?: TicketListDesk;
  size: "sm" | "xs";
}) {
  return (
    <Group gap="xs" wrap="nowrap">
      {desk?.canWrite && <SelectBox ticket={ticket} desk={desk} />}
      <Text ff="monospace" size={size} c="dimmed">
        #{ticketReference(ticket.id)}
      </Text>
    </Group>
  );
}

function AssignToMeButton({ ticket, desk }: { ticket: TicketListItem; desk: TicketListDesk }) {
  if (!desk.canWrite || (desk.myEmail && ticket.assignee?.email === desk.myEmail)) return null;
  return (
    <Button
      size="compact-sm"
      variant="light"
      onClick={() => desk.onAssignToMe(ticket.id)}
      loading={desk.assigning === ticket.id}
      aria-label={`Assign to me: ticket #${ticketReference(ticket.id)}`}
    >
      Assign to me
    </Button>
  );
}

function TicketTable({ tickets, desk }: { tickets: TicketListItem[]; desk?: TicketListDesk }) {
  const navigate = useNavigate();
  const selectable = desk?.canWrite ?? false;
  const all = tickets.length > 0 && tickets.every((t) => desk?.selected.has(t.id));
  const some = tickets.some((t) => desk?.selected.has(t.id));
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table verticalSpacing="sm" highlightOnHover>
        <VisuallyHidden component="caption">Tickets</VisuallyHidden>
        <Table.Thead>
          <Table.Tr>
            {/* The checkboxes share the Ticket column, so the spec's columns keep their places. */}
            <Table.Th>
              {selectable && desk ? (
                <Group gap="xs" wrap="nowrap">
                  <Checkbox
                    size="md"
                    aria-label="Select all tickets on this page"
                    checked={all}
                    indeterminate={some && !all}
                    onChange={desk.onToggleAll}
                  />
                  Ticket
                </Group>
              ) : (
                "Ticket"
              )}
            </Table.Th>
            {["Title", "Status", "Priority", "Assignee", "Updated"].map((label) => (
              <Table.Th key={label}>{label}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tickets.map((ticket, index) => (
            <TicketRow
              key={ticket.id}
              ticket={ticket}
              desk={desk}
              highlighted={desk?.highlighted === index}
              onOpen={() => void navigate({ to: "/tickets/$id", params: { id: ticket.id } })}
            />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function TicketRow({
  ticket,
  desk,
  highlighted,
  onOpen,
}: {
  ticket: TicketListItem;
  desk?: TicketListDesk;
  highlighted: boolean;
  onOpen(): void;
}) {
  const highlight = useHighlight(highlighted);
  return (
    <Table.Tr
      ref={highlight.ref as React.Ref<HTMLTableRowElement>}
      data-ticket-id={ticket.id}
      data-highlighted={highlight["data-highlighted"]}
      style={{ cursor: "pointer", ...highlight.style }}
      onClick={(event) => {
        // The title link, the checkbox and the buttons handle their own clicks; the rest of the row opens.
        if ((event.target as HTMLElement).closest("a, button, input, label")) return;
        onOpen();
      }}
    >
      <Table.Td>
        <NumberWithSelect ticket={ticket} desk={desk} size="sm" />
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
        <Stack gap={4} align="flex-start">
          <Text size="sm">{ticket.assignee?.name ?? "Unassigned"}</Text>
          {desk && <AssignToMeButton ticket={ticket} desk={desk} />}
        </Stack>
      </Table.Td>
      <Table.Td>
        <Text size="sm" c="dimmed">
          <TimeAgo iso={ticket.updatedAt} />
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}

function TicketCards({ tickets, desk }: { tickets: TicketListItem[]; desk?: TicketListDesk }) {
  return (
    <Stack gap="sm" role="list" aria-label="Tickets">
      {tickets.map((ticket, index) => (
        <TicketCard key={ticket.id} ticket={ticket} desk={desk} highlighted={desk?.highlighted === index} />
      ))}
    </Stack>
  );
}

function TicketCard({
  ticket,
  desk,
  highlighted,
}: {
  ticket: TicketListItem;
  desk?: TicketListDesk;
  highlighted: boolean;
}) {
  const highlight = useHighlight(highlighted);
  return (
    <Card
      ref={highlight.ref as React.Ref<HTMLDivElement>}
      withBorder
      padding="sm"
      role="listitem"
      data-ticket-id={ticket.id}
      data-highlighted={highlight["data-highlighted"]}
      style={highlight.style}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <NumberWithSelect ticket={ticket} desk={desk} size="xs" />
        <Text size="xs" c="dimmed">
          <TimeAgo iso={ticket.updatedAt} />
        </Text>
      </Group>
      <TicketLink ticket={ticket} />
      <Text size="xs" c="dimmed">
        {ticket.client?.name ?? "—"} · {ticket.assignee?.name ?? "Unassigned"}
      </Text>
      <Group gap={4} mt="xs" justify="space-between">
        <Group gap={4}>
          <TicketStatusBadge status={ticket.status} />
          <TicketPriorityBadge priority={ticket.priority} />
          <SlaBadge state={ticket.slaState} />
        </Group>
        {desk && <AssignToMeButton ticket={ticket} desk={desk} />}
      </Group>
    </Card>
  );
}
