import { Button, Group, Stack, Text } from "@mantine/core";
import { AnchorLink } from "../../components/router-links";
import { useEffect, useState } from "react";
import { SectionCard } from "../../components/section-card";
import type { TicketTimerState } from "./use-ticket-timer";

/** "12:05" or "1:02:05": how long a timer has run. */
export function formatElapsed(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

function useElapsed(startedAt: string | null): string | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!startedAt) return;
    const tick = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(tick);
  }, [startedAt]);
  return startedAt ? formatElapsed(now - Date.parse(startedAt)) : null;
}

/** The ticket page's timer: start or stop it here (shortcut T), and the way to the timesheet. */
export function TicketTimer({ state }: { state: TicketTimerState }) {
  const { timer, runningHere, busy, loaded } = state;
  const elapsed = useElapsed(runningHere ? timer!.startedAt : null);
  return (
    <SectionCard titleId="ticket-timer-title" title="Time">
      <Stack gap="xs">
        {runningHere ? (
          <Text size="sm" aria-live="polite">
            Timer running on this ticket: <strong>{elapsed}</strong>
          </Text>
        ) : timer ? (
          <Text size="sm" c="dimmed">
            Your timer runs on {timer.ticketReference ? `#${timer.ticketReference}` : "no ticket"}; starting it here
            records that time first.
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            No timer running.
          </Text>
        )}
        <Group justify="space-between">
          <Button
            size="xs"
            color={runningHere ? "red" : undefined}
            onClick={state.toggle}
            loading={busy}
            disabled={!loaded}
            aria-keyshortcuts="t"
          >
            {runningHere ? "Stop timer" : "Start timer"}
          </Button>
          <AnchorLink to="/time" size="sm">
            My timesheet
          </AnchorLink>
        </Group>
      </Stack>
    </SectionCard>
  );
}
