import { pgEnum } from "drizzle-orm/pg-core";
import {
  CHAT_ROLES,
  DEVICE_PLATFORMS,
  DEVICE_STATUSES,
  DEVICE_TYPES,
  ROLES,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  TICKET_TYPES,
} from "@repo/validators";

export const roleEnum = pgEnum("role", ROLES);
export const ticketStatusEnum = pgEnum("ticket_status", TICKET_STATUSES);
export const ticketPriorityEnum = pgEnum("ticket_priority", TICKET_PRIORITIES);
export const ticketTypeEnum = pgEnum("ticket_type", TICKET_TYPES);
export const deviceStatusEnum = pgEnum("device_status", DEVICE_STATUSES);
export const deviceTypeEnum = pgEnum("device_type", DEVICE_TYPES);
export const devicePlatformEnum = pgEnum("device_platform", DEVICE_PLATFORMS);
export const chatRoleEnum = pgEnum("chat_role", CHAT_ROLES);
export const ticketSourceEnum = pgEnum("ticket_source", ["public", "client", "staff", "assistant"]);
export const slaStateEnum = pgEnum("sla_state", ["ok", "at_risk", "overdue"]);
export const outboxStatusEnum = pgEnum("outbox_status", ["pending", "sending", "sent", "failed"]);
