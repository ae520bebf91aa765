import { Card, Group, Text } from "@mantine/core";
import { ticketReference, type TicketPriority, type TicketStatus } from "@repo/validators";
import { createLink } from "@tanstack/react-router";
import type { ComponentPropsWithRef } from "react";
import { TimeAgo } from "../../components/time-ago";
import { TicketBadges } from "./ticket-badges";

export interface TicketSummary {
  id: string;
  title: string;
  description: string;
  status: TicketStatus;
  priority: TicketPriority;
  createdAt: string;
  updatedAt: string;
}

function CardAnchor(props: Omit<ComponentPropsWithRef<"a">, "color" | "style">) {
  return <Card component="a" withBorder padding="md" radius="md" td="none" c="inherit" {...props} />;
}
const CardLink = createLink(CardAnchor);

/** One ticket in the list; the whole card opens the ticket. */
export function TicketCard({ ticket }: { ticket: TicketSummary }) {
  return (
    <CardLink to="/client/tickets/$id" params={{ id: ticket.id }} data-testid="ticket-card">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <div style={{ minWidth: 0, flex: "1 1 240px" }}>
          <Text fw={600} lineClamp={2}>
            {ticket.title}
          </Text>
          <Text size="xs" c="dimmed">
            Ticket #{ticketReference(ticket.id)} · Created <TimeAgo iso={ticket.createdAt} />
          </Text>
        </div>
        <TicketBadges status={ticket.status} priority={ticket.priority} />
      </Group>
      <Text size="sm" c="dimmed" mt="xs" lineClamp={2}>
        {ticket.description}
      </Text>
    </CardLink>
  );
}
