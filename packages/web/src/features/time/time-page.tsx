import { Alert, Badge, Button, Container, Group, Select, Stack } from "@mantine/core";
import { formatDay, isoDay } from "@repo/content";
import { type TimeDraft, type TimesheetStatus, weekDays, weekStartOf } from "@repo/validators";
import { getRouteApi } from "@tanstack/react-router";
import { useState } from "react";
import { ButtonLink } from "../../components/router-links";
import { LoadingStatus, StaffPageHeader } from "../../components/staff-page";
import { readStoredUser } from "../../lib/auth-storage";
import { trpc } from "../../lib/trpc";
import { TimeDraftsPanel } from "./time-drafts-panel";
import { TimeEntryForm, type EntryFormStart } from "./time-entry-form";
import { TimesheetActions } from "./timesheet-actions";
import { TimesheetEntries, TimesheetGrid } from "./timesheet-grid";

const STATUS: Record<TimesheetStatus, { label: string; color: string }> = {
  open: { label: "Open", color: "gray" },
  submitted: { label: "Submitted", color: "blue" },
  approved: { label: "Approved", color: "green" },
  returned: { label: "Returned", color: "orange" },
};

const route = getRouteApi("/_staff-portal/time");

const shiftWeek = (weekStart: string, weeks: number) =>
  new Date(Date.parse(`${weekStart}T00:00:00Z`) + weeks * 7 * 86_400_000).toISOString().slice(0, 10);

/**
 * /time: a person's week of time (docs/features.md §10): the grid of days by ticket and work type, the
 * entries, a quick add, the drafts from their activity, and submission; an admin approves or returns it.
 */
export function TimePage() {
  const me = readStoredUser()!;
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const weekStart = weekStartOf(search.week ?? isoDay());
  const setWeekStart = (monday: string) =>
    void navigate({ search: monday === weekStartOf(isoDay()) ? {} : { week: monday } });
  const [userId, setUserId] = useState("me");
  const [form, setForm] = useState<EntryFormStart | null>(null);
  const own = userId === "me";
  const sheet = trpc.time.timesheet.useQuery({ userId, weekStart });
  const people = trpc.users.list.useQuery({}, { enabled: me.role !== "AGENT" });
  const days = weekDays(weekStart);
  const today = isoDay();
  const draftDay = days.includes(today) ? today : days[0]!;
  const [draftDate, setDraftDate] = useState<string | null>(null);
  const shownDraftDay = draftDate && days.includes(draftDate) ? draftDate : draftDay;
  const locked = sheet.data?.status === "submitted" || sheet.data?.status === "approved";
  const writable = own && me.role !== "VIEWER" && !locked;

  return (
    <Container size="xl" py="xl">
      <StaffPageHeader
        title="Timesheet"
        description={`Week of ${formatDay(weekStart)} to ${formatDay(days[6]!)}`}
        action={
          <Group gap="xs">
            <Button variant="default" size="xs" onClick={() => setWeekStart(shiftWeek(weekStart, -1))}>
              Previous week
            </Button>
            <Button variant="default" size="xs" onClick={() => setWeekStart(weekStartOf(isoDay()))}>
              This week
            </Button>
            <Button variant="default" size="xs" onClick={() => setWeekStart(shiftWeek(weekStart, 1))}>
              Next week
            </Button>
            {me.role === "ADMIN" && (
              <ButtonLink to="/settings/time" variant="subtle" size="xs">
                Time settings
              </ButtonLink>
            )}
          </Group>
        }
      />
      <Stack gap="lg">
        {me.role !== "AGENT" && (
          <Select
            label="Person"
            w={320}
            allowDeselect={false}
            value={userId}
            onChange={(value) => value && setUserId(value)}
            data={[
              { value: "me", label: `Me (${me.name})` },
              ...(people.data?.users ?? [])
                .filter((u) => (u.role === "ADMIN" || u.role === "AGENT") && u.email !== me.email)
                .map((u) => ({ value: u.id, label: u.name })),
            ]}
          />
        )}
        {sheet.isPending ? (
          <LoadingStatus>Loading timesheet...</LoadingStatus>
        ) : sheet.isError ? (
          <Alert color="red" title="Could not load the timesheet">
            {sheet.error.message}
          </Alert>
        ) : (
          <>
            <Group gap="sm">
              <Badge variant="light" color={STATUS[sheet.data.status].color} size="lg">
                {STATUS[sheet.data.status].label}
              </Badge>
              <TimesheetActions sheet={sheet.data} own={own} role={me.role} />
            </Group>
            {sheet.data.comment && (
              <Alert color={sheet.data.status === "returned" ? "orange" : "gray"} title="Comment">
                {sheet.data.comment}
              </Alert>
            )}
            <TimesheetGrid sheet={sheet.data} />
            {writable && (
              <Group>
                <Button onClick={() => setForm({ date: draftDay })}>Add time</Button>
              </Group>
            )}
            <TimesheetEntries sheet={sheet.data} onEdit={(entry) => setForm({ date: entry.date, entry })} />
            {writable && (
              <Stack gap="xs">
                <Select
                  label="Drafts of"
                  w={240}
                  allowDeselect={false}
                  value={shownDraftDay}
                  onChange={(value) => value && setDraftDate(value)}
                  data={days.map((day) => ({ value: day, label: formatDay(day) }))}
                />
                <TimeDraftsPanel
                  date={shownDraftDay}
                  onAccept={(draft: TimeDraft) => setForm({ date: shownDraftDay, draft })}
                />
              </Stack>
            )}
          </>
        )}
      </Stack>
      <TimeEntryForm start={form} days={days} onClose={() => setForm(null)} />
    </Container>
  );
}
