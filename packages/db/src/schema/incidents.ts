// Service incidents and the status page (docs/features.md §18, decision 0054): the provider's managed
// services and the companies that depend on them; incidents (and maintenance windows) declared against
// services and companies, their updates, and the tickets linked to them.
import { boolean, index, pgEnum, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { INCIDENT_IMPACTS, INCIDENT_STATUSES } from "@repo/validators";
import { belongsTo, createdAt, id, refersTo, requiredText, timestamps, timestamptz } from "./_columns.js";
import { clients } from "./clients.js";
import { tickets } from "./tickets.js";
import { users } from "./users.js";

export const incidentStatusEnum = pgEnum("incident_status", INCIDENT_STATUSES);
export const incidentImpactEnum = pgEnum("incident_impact", INCIDENT_IMPACTS);

export const managedServices = pgTable(
  "managed_services",
  { id: id(), name: requiredText(), description: text().notNull().default(""), ...timestamps() },
  (t) => [uniqueIndex().on(t.name)],
);

/** A company that depends on a service: it sees the service and its incidents in the portal. */
export const managedServiceClients = pgTable(
  "managed_service_clients",
  { serviceId: belongsTo(managedServices.id), clientId: belongsTo(clients.id) },
  (t) => [primaryKey({ columns: [t.serviceId, t.clientId] }), index().on(t.clientId)],
);

export const incidents = pgTable(
  "incidents",
  {
    id: id(),
    title: requiredText(),
    status: incidentStatusEnum().notNull().default("INVESTIGATING"),
    impact: incidentImpactEnum().notNull().default("minor"),
    /** Shown on the public page, feed and JSON only when set; company names never are. */
    isPublic: boolean().notNull().default(false),
    /** A maintenance window's start and end; null for an unplanned incident. */
    scheduledFor: timestamptz(),
    scheduledUntil: timestamptz(),
    resolvedAt: timestamptz(),
    createdBy: refersTo(users.id),
    ...timestamps(),
  },
  (t) => [index().on(t.createdAt)],
);

export const incidentServices = pgTable(
  "incident_services",
  { incidentId: belongsTo(incidents.id), serviceId: belongsTo(managedServices.id) },
  (t) => [primaryKey({ columns: [t.incidentId, t.serviceId] }), index().on(t.serviceId)],
);

/** Companies affected directly, beyond those that depend on the incident's services. */
export const incidentClients = pgTable(
  "incident_clients",
  { incidentId: belongsTo(incidents.id), clientId: belongsTo(clients.id) },
  (t) => [primaryKey({ columns: [t.incidentId, t.clientId] }), index().on(t.clientId)],
);

export const incidentUpdates = pgTable(
  "incident_updates",
  {
    id: id(),
    incidentId: belongsTo(incidents.id),
    status: incidentStatusEnum().notNull(),
    message: requiredText(),
    createdBy: refersTo(users.id),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.incidentId, t.createdAt)],
);

export const incidentTickets = pgTable(
  "incident_tickets",
  {
    incidentId: belongsTo(incidents.id),
    ticketId: belongsTo(tickets.id),
    linkedBy: refersTo(users.id),
    linkedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.incidentId, t.ticketId] }), index().on(t.ticketId)],
);

/**
 * A subscriber of the public status page's mail: confirmed by following the link of the first mail
 * (double opt-in); mailed only once confirmed. The token names the subscription in the confirm and the
 * one-click unsubscribe links, and grants nothing else.
 */
export const statusSubscribers = pgTable(
  "status_subscribers",
  {
    id: id(),
    email: requiredText(),
    token: requiredText(),
    confirmedAt: timestamptz(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex().on(t.email), uniqueIndex().on(t.token)],
);
