// The schedule form's values, from a schedule or for a new one (tomorrow at 09:00, every Monday).
import { isoDay } from "@repo/content";
import type { RecurringTicket, RecurringTicketFields } from "@repo/validators";
import { DEFAULT_BUILDER, toRrule } from "./schedule-builder";

export type ScheduleFormValues = Omit<RecurringTicketFields, "assigneeId" | "deviceId"> & {
  /** "" for nobody, as the API takes it. */
  assigneeId: string;
  /** "" for no device. */
  deviceId: string;
};

const DAY_MS = 86_400_000;

export function scheduleFormValues(schedule: RecurringTicket | null): ScheduleFormValues {
  if (!schedule)
    return {
      name: "",
      clientId: "",
      title: "",
      description: "",
      priority: "P3",
      type: "TASK",
      assigneeId: "",
      tags: [],
      deviceId: "",
      rrule: toRrule(DEFAULT_BUILDER),
      dtstart: `${isoDay(new Date(Date.now() + DAY_MS))}T09:00`,
      enabled: true,
      skipIfOpen: true,
    };
  return {
    name: schedule.name,
    clientId: schedule.clientId,
    title: schedule.title,
    description: schedule.description,
    priority: schedule.priority,
    type: schedule.type,
    assigneeId: schedule.assigneeId ?? "",
    tags: schedule.tags,
    deviceId: schedule.deviceId ?? "",
    rrule: schedule.rrule,
    dtstart: schedule.dtstart,
    enabled: schedule.enabled,
    skipIfOpen: schedule.skipIfOpen,
  };
}
