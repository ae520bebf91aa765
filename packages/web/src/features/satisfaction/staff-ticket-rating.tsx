// The requester's satisfaction rating on the staff ticket page (docs/architecture.md §18): shown once there is one.
import { Badge, Group, Text } from "@mantine/core";
import { SATISFACTION_COLORS, SATISFACTION_LABELS } from "@repo/validators/labels";
import { SectionCard } from "../../components/section-card";
import { TimeAgo } from "../../components/time-ago";
import { trpc } from "../../lib/trpc";

const FROM = { email: "from the resolved email", client: "in the client portal" } as Record<string, string>;

export function StaffTicketRating({ ticketId }: { ticketId: string }) {
  const query = trpc.ratings.forTicket.useQuery({ id: ticketId });
  const state = query.data;
  if (!state?.rating) return null;
  return (
    <SectionCard titleId="rating-title" title="Satisfaction">
      <Group gap="xs">
        <Badge color={SATISFACTION_COLORS[state.rating]} variant="light" size="lg">
          {SATISFACTION_LABELS[state.rating]}
        </Badge>
        <Text size="sm" c="dimmed">
          Rated {state.source ? FROM[state.source] : ""} {state.ratedAt && <TimeAgo iso={state.ratedAt} />}
        </Text>
      </Group>
      {state.comment && (
        <Text size="sm" mt="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
          "{state.comment}"
        </Text>
      )}
    </SectionCard>
  );
}
