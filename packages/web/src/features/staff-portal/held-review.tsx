import { Alert, Badge, Button, Group, Text } from "@mantine/core";
import { useNavigate } from "@tanstack/react-router";
import { readStoredUser } from "../../lib/auth-storage";
import { toastOutcome } from "../../lib/staff-toasts";
import { trpc } from "../../lib/trpc";
import type { StaffTicket } from "./api-types";

/**
 * A ticket held for review (docs/decisions/0027-held-intake.md): its sender is not verified, so it is out
 * of the client portal and every count until staff accept it, or reject it (deleted, audited). ADMIN and
 * AGENT decide; a VIEWER sees the notice only.
 */
export function HeldReview({ ticket }: { ticket: StaffTicket }) {
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const me = readStoredUser();
  const refresh = () => Promise.all([utils.tickets.get.invalidate({ id: ticket.id }), utils.tickets.list.invalidate()]);
  const accept = trpc.tickets.accept.useMutation(
    toastOutcome(
      () => ["Ticket accepted", "The client can now see it and its SLA clock runs."],
      "Failed to accept ticket",
      refresh,
    ),
  );
  const reject = trpc.tickets.reject.useMutation(
    toastOutcome(
      () => ["Ticket rejected", "The held ticket was deleted."],
      "Failed to reject ticket",
      async () => {
        await utils.tickets.list.invalidate();
        await navigate({ to: "/dashboard" });
      },
    ),
  );
  if (!ticket.held) return null;
  const decides = me?.role === "ADMIN" || me?.role === "AGENT";
  return (
    <Alert color="orange" title="Held for review" mb="lg">
      <Text size="sm">{ticket.heldReason ?? "The sender of this ticket is not verified."}</Text>
      <Text size="sm" mt="xs">
        The client does not see it, it counts in no queue or report, and its SLA clock has not started.
      </Text>
      {decides && (
        <Group mt="sm">
          <Button size="xs" onClick={() => accept.mutate({ id: ticket.id })} loading={accept.isPending}>
            Accept
          </Button>
          <Button
            size="xs"
            color="red"
            variant="light"
            onClick={() => reject.mutate({ id: ticket.id })}
            loading={reject.isPending}
          >
            Reject and delete
          </Button>
        </Group>
      )}
    </Alert>
  );
}

/** The list's mark of a held ticket. */
export function HeldBadge({ held }: { held: boolean }) {
  if (!held) return null;
  return (
    // A light badge: the theme's colour resolver keeps its text at AA contrast (plain orange text is not).
    <Badge color="orange" variant="light" size="sm" ml="xs">
      Held for review
    </Badge>
  );
}
