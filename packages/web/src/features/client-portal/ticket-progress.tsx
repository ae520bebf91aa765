import { Paper, Stack, Text, Timeline, Title } from "@mantine/core";
import {
  CLIENT_PRIORITY_LABELS,
  plural,
  TICKET_STATUS_LABELS,
  type TicketPriority,
  type TicketStatus,
} from "@repo/validators";
import { formatExact } from "../../lib/format-date";

interface Expectations {
  firstResponseAt: string | null;
  respondBy: string | null;
  resolveBy: string | null;
  paused: boolean;
  target: { firstResponseMinutes: number; resolutionMinutes: number; businessHours: boolean };
}

interface TicketProgressProps {
  status: TicketStatus;
  priority: TicketPriority;
  timeline: { status: TicketStatus; at: string }[];
  expectations: Expectations;
}

const BUSINESS_DAY_MINUTES = 8 * 60;

/** "2 hours", "3 business days": a target as the SLA counts it (a business day is 09:00 to 17:00). */
export function describeTarget(minutes: number, businessHours: boolean): string {
  if (businessHours && minutes >= BUSINESS_DAY_MINUTES && minutes % BUSINESS_DAY_MINUTES === 0) {
    return plural(minutes / BUSINESS_DAY_MINUTES, "business day");
  }
  if (minutes % 60 === 0) return plural(minutes / 60, businessHours ? "business hour" : "hour");
  return plural(minutes, "minute");
}

/** "Opened as New", then "Set to In Progress": a step reads as what happened, not as a second badge. */
const stepTitle = (status: TicketStatus, first: boolean) =>
  `${first ? "Opened as" : "Set to"} ${TICKET_STATUS_LABELS[status]}`;

/** The one sentence that says what happens next, from the SLA's stamps (tickets/client-progress.ts). */
function nextStep({ status, expectations: e }: TicketProgressProps, now: number): string {
  if (status === "RESOLVED" || status === "CLOSED") {
    return "This ticket is finished. Add a comment if the problem comes back: a resolved ticket reopens.";
  }
  if (status === "WAITING_CUSTOMER") {
    return "We are waiting for your reply: add a comment below. Our response times stand still until you answer.";
  }
  if (status === "ON_HOLD") return "This ticket is on hold. Our response times stand still until work resumes.";
  const parts: string[] = [];
  if (e.respondBy) {
    parts.push(
      Date.parse(e.respondBy) > now
        ? `You can expect our first answer by ${formatExact(e.respondBy)}.`
        : `Our first answer was due ${formatExact(e.respondBy)}, and it is on its way.`,
    );
  }
  if (e.resolveBy) parts.push(`We aim to resolve it by ${formatExact(e.resolveBy)}.`);
  return parts.join(" ");
}

/** The ticket's status timeline and when to expect an answer (docs/architecture.md §13). */
export function TicketProgress(props: TicketProgressProps) {
  const { priority, timeline, expectations: e } = props;
  const hours = e.target.businessHours
    ? "business hours (Monday to Friday, 9:00 to 17:00 Toronto time)"
    : "hours, around the clock";
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="ticket-progress">
      <Stack gap="md">
        <Title order={2} size="h4" id="ticket-progress">
          Progress
        </Title>
        <Text data-testid="ticket-next-step">{nextStep(props, Date.now())}</Text>
        {e.firstResponseAt && <Text size="sm">We first answered on {formatExact(e.firstResponseAt)}.</Text>}
        <Text size="sm" c="dimmed">
          For {CLIENT_PRIORITY_LABELS[priority]} tickets we answer within{" "}
          {describeTarget(e.target.firstResponseMinutes, e.target.businessHours)} and aim to resolve within{" "}
          {describeTarget(e.target.resolutionMinutes, e.target.businessHours)}, counted in {hours}.
        </Text>
        <Timeline active={timeline.length - 1} bulletSize={14} lineWidth={2} aria-label="Status history">
          {timeline.map((step, position) => (
            <Timeline.Item key={`${step.status}-${step.at}`} title={stepTitle(step.status, position === 0)}>
              <Text size="sm" c="dimmed">
                {formatExact(step.at)}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      </Stack>
    </Paper>
  );
}
