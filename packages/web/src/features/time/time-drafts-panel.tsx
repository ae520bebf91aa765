import { Badge, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { formatClockTime } from "@repo/content";
import { plural, type TimeDraft } from "@repo/validators";
import { QueryStates } from "../../components/query-states";
import { toastOutcome } from "../../lib/staff-toasts";
import { trpc } from "../../lib/trpc";
import { formatMinutes } from "@repo/validators";

interface TimeDraftsPanelProps {
  /** The Toronto day (YYYY-MM-DD) whose drafts to show. */
  date: string;
  /** Opens the entry form with the draft's values; the draft becomes an entry only when the form is saved. */
  onAccept(draft: TimeDraft): void;
}

/**
 * The day's drafts of time entries, from what the server saw the person do (docs/features.md "Time:
 * drafts"): each one accepted into the entry form or discarded. Nothing here is billable or approved.
 */
export function TimeDraftsPanel({ date, onAccept }: TimeDraftsPanelProps) {
  const query = trpc.time.drafts.useQuery({ date });
  return (
    <Stack gap="xs" component="section" aria-labelledby="time-drafts-heading">
      <Group justify="space-between" align="baseline">
        <Title order={2} size="h4" id="time-drafts-heading">
          Drafts from your activity
        </Title>
        {query.data && query.data.drafts.length > 0 && (
          <Text size="sm" c="dimmed">
            {formatMinutes(query.data.totalMinutes)} in {plural(query.data.drafts.length, "draft")}, rounded up to{" "}
            {plural(query.data.roundingMinutes, "minute")}
          </Text>
        )}
      </Group>
      <QueryStates
        query={query}
        texts={{
          loading: "Loading drafts",
          error: "Could not load the drafts.",
          empty: "No drafts: no ticket work was seen on this day, or it has all been recorded.",
        }}
        isEmpty={(day) => day.drafts.length === 0}
      >
        {(day) => (
          <Stack gap="xs">
            {day.drafts.map((draft) => (
              <DraftCard key={`${draft.ticketId}@${draft.start}`} draft={draft} onAccept={() => onAccept(draft)} />
            ))}
          </Stack>
        )}
      </QueryStates>
    </Stack>
  );
}

function DraftCard({ draft, onAccept }: { draft: TimeDraft; onAccept(): void }) {
  const utils = trpc.useUtils();
  const discard = trpc.time.discardDraft.useMutation(
    toastOutcome(
      () => [
        "Draft discarded",
        `${formatMinutes(draft.minutes)} on #${draft.ticketReference} will not be offered again.`,
      ],
      "Failed to discard the draft",
      () => utils.time.drafts.invalidate(),
    ),
  );
  const label = `#${draft.ticketReference} ${draft.ticketTitle}`;
  return (
    <Card withBorder padding="sm" aria-label={`Draft: ${label}`}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={2} style={{ minWidth: 0, flex: "1 1 16rem" }}>
          <Text fw={600} truncate>
            {label}
          </Text>
          <Text size="sm" c="dimmed">
            {formatClockTime(draft.start)} to {formatClockTime(draft.end)}
            {draft.clientName ? ` · ${draft.clientName}` : ""}
            {" · "}
            {sources(draft)}
          </Text>
        </Stack>
        <Group gap="xs">
          {draft.ongoing && (
            <Badge variant="light" color="blue">
              In progress
            </Badge>
          )}
          <Text fw={600} aria-label={`${draft.minutes} minutes`}>
            {formatMinutes(draft.minutes)}
          </Text>
          <Button size="xs" onClick={onAccept} aria-label={`Accept draft for ${label}`}>
            Accept
          </Button>
          <Button
            size="xs"
            variant="default"
            loading={discard.isPending}
            onClick={() => discard.mutate({ ticketId: draft.ticketId, start: draft.start })}
            aria-label={`Discard draft for ${label}`}
          >
            Discard
          </Button>
        </Group>
      </Group>
    </Card>
  );
}

/** What the draft was made from, in words: "21 min in focus, 1 reply, 1 status change". */
function sources(draft: TimeDraft): string {
  const parts = [
    draft.focusMinutes > 0 ? `${draft.focusMinutes} min in focus` : "",
    draft.replies > 0 ? plural(draft.replies, "reply", "replies") : "",
    draft.notes > 0 ? plural(draft.notes, "note") : "",
    draft.statusChanges > 0 ? plural(draft.statusChanges, "status change") : "",
  ];
  return parts.filter(Boolean).join(", ");
}
