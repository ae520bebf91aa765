// Service incidents and the status page (docs/features.md §18, decision 0054): the provider's managed
// services with the companies that depend on them, incidents and maintenance windows declared against them,
// and their updates. The sets (statuses, impacts) are defined here once and imported by the schema, the
// serializers, the Statuspage-shaped JSON and the web labels (incident-sets.ts, free of zod).
import { z } from "zod";
import { MAX_LENGTHS } from "./constants.js";
import { INCIDENT_IMPACTS, INCIDENT_STATUSES } from "./incident-sets.js";
import { email, idText, required } from "./fields.js";
import { text } from "./text.js";
import { isoTimestamp } from "./wire.js";

export const incidentStatusSchema = z.enum(INCIDENT_STATUSES, { error: "Unknown incident status" });
export const incidentImpactSchema = z.enum(INCIDENT_IMPACTS, { error: "Unknown impact" });

export const INCIDENT_LIMITS = { serviceName: 100, update: MAX_LENGTHS.long } as const;

const ids = (message: string) => z.array(z.uuid(message)).max(500);
const instant = (message: string) => z.iso.datetime({ offset: true, message });

export const managedServiceFieldsSchema = z.object({
  name: required("Name is required", INCIDENT_LIMITS.serviceName),
  description: text(MAX_LENGTHS.long).trim().default(""),
  /** The companies that depend on the service: they see it, and its incidents, in the portal. */
  clientIds: ids("Unknown company").default([]),
});
export type ManagedServiceFields = z.infer<typeof managedServiceFieldsSchema>;
export const managedServiceUpdateInputSchema = managedServiceFieldsSchema.partial().extend({ id: idText() });

export const managedServiceSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  clientIds: z.array(z.string()),
  /** The worst impact among the service's open (and started) incidents; "none": operational. */
  impact: incidentImpactSchema,
});
export type ManagedService = z.infer<typeof managedServiceSchema>;

const window = z
  .object({
    scheduledFor: instant("Start must be an ISO 8601 timestamp"),
    scheduledUntil: instant("End must be an ISO 8601 timestamp"),
  })
  .refine(
    (w) => Date.parse(w.scheduledUntil) > Date.parse(w.scheduledFor),
    "A maintenance window must end after it starts",
  );

export const incidentDeclareInputSchema = z
  .object({
    title: required("Title is required", MAX_LENGTHS.title),
    impact: incidentImpactSchema.default("minor"),
    status: incidentStatusSchema.default("INVESTIGATING"),
    /** The first update's text. */
    message: required("Message is required", INCIDENT_LIMITS.update),
    isPublic: z.boolean().default(false),
    serviceIds: ids("Unknown service").default([]),
    /** Companies affected beyond those that depend on the services. */
    clientIds: ids("Unknown company").default([]),
    /** A scheduled maintenance window rather than an incident. */
    maintenance: window.nullish(),
  })
  .refine((i) => i.serviceIds.length + i.clientIds.length > 0, "Choose at least one service or company");
export type IncidentDeclareInput = z.infer<typeof incidentDeclareInputSchema>;

export const incidentUpdateInputSchema = z.object({
  id: idText(),
  status: incidentStatusSchema,
  message: required("Message is required", INCIDENT_LIMITS.update),
  /** Post the message as a public comment on every linked ticket and mail each requester once. */
  notifyTickets: z.boolean().default(false),
  /** With RESOLVED: resolve the linked tickets too (no rating mail is sent for them). */
  resolveTickets: z.boolean().default(false),
});
export type IncidentUpdateInput = z.infer<typeof incidentUpdateInputSchema>;

export const incidentTicketInputSchema = z.object({ id: idText(), ticketId: idText() });

export const incidentUpdateSchema = z.object({
  id: z.string(),
  status: incidentStatusSchema,
  message: z.string(),
  createdAt: isoTimestamp(),
});
export type IncidentUpdate = z.infer<typeof incidentUpdateSchema>;

export const incidentSchema = z.object({
  id: z.string(),
  title: z.string(),
  status: incidentStatusSchema,
  impact: incidentImpactSchema,
  isPublic: z.boolean(),
  scheduledFor: isoTimestamp().nullable(),
  scheduledUntil: isoTimestamp().nullable(),
  createdAt: isoTimestamp(),
  updatedAt: isoTimestamp(),
  resolvedAt: isoTimestamp().nullable(),
  services: z.array(z.object({ id: z.string(), name: z.string() })),
  /** Staff only: a client is answered an empty list, never another company's name. */
  clientIds: z.array(z.string()),
  /** Staff only, like clientIds. */
  ticketIds: z.array(z.string()),
  updates: z.array(incidentUpdateSchema),
});
export type Incident = z.infer<typeof incidentSchema>;

/**
 * Whether an incident is under way at `now`: a maintenance window only once its start has come (the
 * status page, the client's banner and the assistant leave a window ahead out of "what is wrong now").
 */
export const incidentHasBegun = (incident: Pick<Incident, "scheduledFor">, now: Date): boolean =>
  !incident.scheduledFor || Date.parse(incident.scheduledFor) <= now.getTime();

/** What an update did to the linked tickets. */
export const incidentUpdateResultSchema = z.object({
  incident: incidentSchema,
  ticketsCommented: z.number().int(),
  requestersMailed: z.number().int(),
  ticketsResolved: z.number().int(),
});
export type IncidentUpdateResult = z.infer<typeof incidentUpdateResultSchema>;

/** A ticket suggested for linking: open, of an affected company, opened since the incident began. */
export const incidentTicketSuggestionSchema = z.object({
  id: z.string(),
  title: z.string(),
  status: z.string(),
  clientId: z.string(),
  requesterName: z.string(),
  createdAt: isoTimestamp(),
});
export type IncidentTicketSuggestion = z.infer<typeof incidentTicketSuggestionSchema>;

/** Asking for the status page's mail: one address; a confirmation link is mailed to it. */
export const statusSubscribeInputSchema = z.object({ email: email("Enter a valid email address") });
/** A confirmation or unsubscribe link's token: 32 hex digits. */
export const statusTokenInputSchema = z.object({
  token: z.string().regex(/^[0-9a-f]{32}$/, "Invalid or expired link"),
});
