// The next five dates of the rule being typed, asked of the server (recurring.preview) a moment after the
// last keystroke, in the business time zone: what the schedule will do, before it is saved.
import { List, Stack, Text } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { keepPreviousData } from "@tanstack/react-query";
import { formatDateTime } from "@repo/content";
import { WALL_TIME } from "@repo/validators";
import { serverMessage } from "../../lib/server-message";
import { trpc } from "../../lib/trpc";

const PAUSE_MS = 400;

export function SchedulePreview({ rrule, dtstart }: { rrule: string; dtstart: string }) {
  const [input] = useDebouncedValue({ rrule: rrule.trim(), dtstart }, PAUSE_MS);
  const ready = input.rrule !== "" && WALL_TIME.test(input.dtstart);
  const preview = trpc.recurring.preview.useQuery(input, {
    enabled: ready,
    retry: false,
    placeholderData: keepPreviousData,
  });
  return (
    <Stack gap={4} aria-live="polite" data-testid="schedule-preview">
      <Text size="sm" fw={500}>
        Next dates
      </Text>
      {!ready ? (
        <Text size="sm" c="dimmed">
          Choose a schedule and a start to see its next dates.
        </Text>
      ) : preview.isError ? (
        <Text size="sm" c="red.8">
          {serverMessage(preview.error, "The schedule could not be read.")}
        </Text>
      ) : preview.data ? (
        <>
          <Text size="sm">Runs {preview.data.scheduleText}:</Text>
          {preview.data.dates.length === 0 ? (
            <Text size="sm">No dates to come.</Text>
          ) : (
            <List size="sm" type="ordered">
              {preview.data.dates.map((date) => (
                <List.Item key={date}>{formatDateTime(date, { zone: true })}</List.Item>
              ))}
            </List>
          )}
        </>
      ) : (
        <Text size="sm" c="dimmed">
          Reading the schedule...
        </Text>
      )}
    </Stack>
  );
}
