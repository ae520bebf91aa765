import { pgEnum } from "drizzle-orm/pg-core";
import {
  ARTICLE_STATUSES,
  ARTICLE_VISIBILITIES,
  CHAT_ROLES,
  DEVICE_PLATFORMS,
  DEVICE_STATUSES,
  DEVICE_TYPES,
  ENQUIRY_STATUSES,
  TICKET_LINK_KINDS,
  INBOUND_OUTCOMES,
  OUTBOX_STATUSES,
  SATISFACTION_RATINGS,
  ROLES,
  SLA_STATES,
  TICKET_PRIORITIES,
  TICKET_SOURCES,
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
export const ticketSourceEnum = pgEnum("ticket_source", TICKET_SOURCES);
export const slaStateEnum = pgEnum("sla_state", SLA_STATES);
export const outboxStatusEnum = pgEnum("outbox_status", OUTBOX_STATUSES);
export const inboundOutcomeEnum = pgEnum("inbound_outcome", INBOUND_OUTCOMES);
export const enquiryStatusEnum = pgEnum("enquiry_status", ENQUIRY_STATUSES);
export const satisfactionRatingEnum = pgEnum("satisfaction_rating", SATISFACTION_RATINGS);
export const ticketLinkKindEnum = pgEnum("ticket_link_kind", TICKET_LINK_KINDS);
export const articleVisibilityEnum = pgEnum("article_visibility", ARTICLE_VISIBILITIES);
export const articleStatusEnum = pgEnum("article_status", ARTICLE_STATUSES);
