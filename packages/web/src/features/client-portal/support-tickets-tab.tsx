import { Alert, Button, Center, Group, Loader, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import type { StoredUser } from "../../lib/auth-storage";
import { NewTicketForm } from "./new-ticket-form";
import { TicketCard, type TicketSummary } from "./ticket-card";

interface SupportTicketsTabProps {
  user: StoredUser;
  tickets: TicketSummary[] | undefined;
  loading: boolean;
  failed: boolean;
  onRetry(): void;
}

export function SupportTicketsTab({ user, tickets, loading, failed, onRetry }: SupportTicketsTabProps) {
  const [creating, setCreating] = useState(false);
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2} size="h3">
          Support Tickets
        </Title>
        {!creating && <Button onClick={() => setCreating(true)}>New Ticket</Button>}
      </Group>
      {creating && <NewTicketForm user={user} onDone={() => setCreating(false)} />}
      {failed ? (
        <Alert color="red" title="Failed to fetch tickets">
          <Button size="xs" variant="light" color="red" onClick={onRetry}>
            Try Again
          </Button>
        </Alert>
      ) : loading || !tickets ? (
        <Center py="xl">
          <Loader aria-label="Loading tickets" />
        </Center>
      ) : tickets.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          No tickets yet. Create your first support ticket above.
        </Text>
      ) : (
        <Stack gap="sm">
          {tickets.map((ticket) => (
            <TicketCard key={ticket.id} ticket={ticket} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
