// The SLA section of the staff ticket screen (docs/architecture.md §9): each target's due time and
// a live countdown in the ticket's own working time, the calendar it follows, the time the clock stood
// still, and met or breached once done.
import { Badge, Group, Stack, Text } from "@mantine/core";
import type { SlaTargetStanding, TicketSla } from "@repo/validators";
import { useEffect, useState } from "react";
import { type QueryTexts, QueryStates } from "../../components/query-states";
import { SectionCard } from "../../components/section-card";
import { formatExact } from "../../lib/format-date";
import { trpc } from "../../lib/trpc";
import { describeStanding, formatWorkingTime, remainingAt, runningEnded } from "./sla-countdown";

const TEXTS: QueryTexts = {
  loading: "Loading SLA",
  error: "The SLA could not be loaded.",
  empty: "No SLA for this ticket.",
};

/** Minute-level words need no faster ticking; reading again each minute keeps pauses and edits honest. */
const TICK_MS = 15_000;
const REFRESH_MS = 60_000;

interface TicketSlaPanelProps {
  ticketId: string;
  /** Changes with every write to the ticket, so the standing is read again after one. */
  version: string;
}

export function TicketSlaPanel({ ticketId, version }: TicketSlaPanelProps) {
  const query = trpc.sla.ticket.useQuery({ id: ticketId }, { refetchInterval: REFRESH_MS });
  const utils = trpc.useUtils();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` is the trigger, not an input
  useEffect(() => {
    void utils.sla.ticket.invalidate({ id: ticketId });
  }, [version, ticketId, utils]);

  return (
    <SectionCard titleId="sla-title" title="SLA">
      <QueryStates query={query} texts={TEXTS} isEmpty={() => false}>
        {(sla) => <SlaStandings sla={sla} receivedAt={query.dataUpdatedAt} onEnded={() => void query.refetch()} />}
      </QueryStates>
    </SectionCard>
  );
}

function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function SlaStandings({ sla, receivedAt, onEnded }: { sla: TicketSla; receivedAt: number; onEnded(): void }) {
  const now = useNow();
  const ended = runningEnded(sla, receivedAt, now);
  useEffect(() => {
    if (ended) onEnded();
  }, [ended, onEnded]);

  return (
    <Stack gap="sm">
      <Standing label="First response" sla={sla} standing={sla.response} receivedAt={receivedAt} now={now} />
      <Standing label="Resolution" sla={sla} standing={sla.resolution} receivedAt={receivedAt} now={now} />
      <Text size="sm">
        <Text span fw={600}>
          Calendar:{" "}
        </Text>
        <span data-testid="sla-calendar">{sla.calendar.description}</span>
      </Text>
      <Text size="sm">
        <Text span fw={600}>
          Time paused (waiting on customer, on hold):{" "}
        </Text>
        {sla.pausedMs > 0 ? formatWorkingTime(sla.pausedMs) : "none"}
        {sla.pausedSince && sla.resolution.state === "paused" ? `, paused since ${formatExact(sla.pausedSince)}` : ""}
      </Text>
      {sla.reopenedAt ? (
        <Text size="sm" c="dimmed">
          Reopened {formatExact(sla.reopenedAt)}: the resolution clock restarted then.
        </Text>
      ) : null}
    </Stack>
  );
}

const STATE_COLOURS = { met: "green", breached: "red", overdue: "red", paused: "gray", running: "blue" } as const;

function Standing({
  label,
  sla,
  standing,
  receivedAt,
  now,
}: {
  label: string;
  sla: TicketSla;
  standing: SlaTargetStanding;
  receivedAt: number;
  now: number;
}) {
  const remaining = remainingAt(sla, standing, receivedAt, now);
  const words = describeStanding(sla, standing, remaining);
  const overdue = remaining !== null && remaining < 0;
  const colour = overdue ? STATE_COLOURS.overdue : STATE_COLOURS[standing.state];
  const testId = `sla-${label === "Resolution" ? "resolution" : "response"}`;
  return (
    <div>
      <Group gap="xs" justify="space-between" wrap="wrap">
        <Text fw={600} size="sm">
          {label}
        </Text>
        <Badge color={colour} variant="light" tt="none" data-testid={testId}>
          {words}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed" data-testid={`${testId}-due`}>
        Due {formatExact(standing.dueAt)}
        {standing.doneAt ? ` · done ${formatExact(standing.doneAt)}` : ""}
      </Text>
    </div>
  );
}
