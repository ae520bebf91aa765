import { Text } from "@mantine/core";
import { trpc } from "../../lib/trpc";

/**
 * Under the reply box: who else a public reply goes to (the ticket's CC list, docs/decisions/0032-ticket-cc.md),
 * so nobody is copied by surprise. Nothing while copying is off, nobody is copied, or the list is not loaded.
 */
export function ReplyCopiesNote({ ticketId }: { ticketId: string }) {
  const cc = trpc.tickets.cc.useQuery({ id: ticketId });
  if (!cc.data?.copyOnReplies || cc.data.addresses.length === 0) return null;
  return (
    <Text size="xs" c="dimmed">
      Also sent as CC to {cc.data.addresses.map((a) => a.email).join(", ")}
    </Text>
  );
}
