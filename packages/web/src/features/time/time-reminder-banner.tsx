import { Alert, Button, Group, Text } from "@mantine/core";
import { formatWeekday } from "@repo/content";
import { formatMinutes, weekStartOf } from "@repo/validators";
import { ButtonLink } from "../../components/router-links";
import { showCallFailure } from "../../lib/staff-toasts";
import { trpc } from "../../lib/trpc";

/**
 * The reminder of a short working day (docs/features.md §10, "Reminders"), at the top of the staff
 * dashboard: the day, what its timesheet shows, a link to that week, and Dismiss. Recording the missing
 * time takes it away too (the time forms refresh it). The dashboard is an ADMIN's and an AGENT's, who
 * record time; the server answers anybody else with no reminder.
 */
export function TimeReminderBanner() {
  const utils = trpc.useUtils();
  // The portal's data never goes stale on its own; a reminder arrives on a morning, so an open dashboard
  // asks again when it is opened a while later.
  const query = trpc.time.reminder.useQuery(undefined, { staleTime: 15 * 60_000 });
  const dismiss = trpc.time.dismissReminder.useMutation({
    onSuccess: () => utils.time.reminder.invalidate(),
    onError: (error) => showCallFailure(error, "Failed to dismiss the reminder"),
  });
  const reminder = query.data?.reminder;
  if (!reminder) return null;
  const day = formatWeekday(reminder.date, "long");
  return (
    <Alert color="yellow" title="Time to record" mb="lg" role="status">
      <Text size="sm">
        Your timesheet shows {formatMinutes(reminder.minutesRecorded)} on {day}, less than the{" "}
        {formatMinutes(reminder.minutesExpected)} of a working day.
      </Text>
      <Group mt="sm" gap="xs">
        <ButtonLink to="/time" search={{ week: weekStartOf(reminder.date) }} size="xs">
          Open the timesheet
        </ButtonLink>
        <Button
          size="xs"
          variant="default"
          onClick={() => dismiss.mutate({ date: reminder.date })}
          loading={dismiss.isPending}
        >
          Dismiss
        </Button>
      </Group>
    </Alert>
  );
}
