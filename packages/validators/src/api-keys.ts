// API keys and alert intake (docs/features.md §13): what a key may do, how an admin creates one, what the
// list answers, and the generic shape of an alert a monitoring tool posts to POST /api/alerts.
import { z } from "zod";
import { text } from "./text.js";
import { isoTimestamp } from "./wire.js";

/**
 * What a key may do. A REST operation names the one it needs in its meta (`keyScope`); a key reaches
 * nothing else, whatever the operation's procedure kind would let a person do.
 */
export const API_KEY_SCOPES = [
  "tickets:read",
  "tickets:write",
  "devices:read",
  "devices:write",
  "alerts:write",
  "billing:read",
  "knowledge:read",
  "knowledge:write",
  "site:read",
  "site:write",
] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export const API_KEY_SCOPE_LABELS: Record<ApiKeyScope, string> = {
  "tickets:read": "Read tickets and their comments",
  "tickets:write": "Create, edit and comment on tickets",
  "devices:read": "Read devices",
  "devices:write": "Add and edit devices",
  "alerts:write": "Send monitoring alerts (POST /api/alerts)",
  "billing:read": "Read invoices",
  "knowledge:read": "Read the knowledge base (a key bound to a company: what its clients read)",
  "knowledge:write": "Write, publish and review articles (keys bound to no company only)",
  "site:read": "Read the website's content: identity, packages, service pages, drafts and revisions",
  "site:write": "Save and restore the website's content draft (publishing takes an admin's key)",
};

export const API_KEY_LIMITS = { name: 100 } as const;

export const apiKeyCreateInputSchema = z.object({
  name: text(API_KEY_LIMITS.name, "Name is required").trim().min(1, "Name is required"),
  scopes: z
    .array(z.enum(API_KEY_SCOPES, { error: "Unknown scope" }))
    .min(1, "Choose at least one scope")
    .max(API_KEY_SCOPES.length),
  /** Confines the key to one company's rows; none: every company, like staff, within its scopes. */
  clientId: z.uuid("Unknown company").nullish(),
  /** When the key stops working; none: until revoked. */
  expiresAt: z.iso
    .datetime({ offset: true, message: "Expiry must be an ISO 8601 timestamp" })
    .nullish()
    .refine((value) => !value || Date.parse(value) > Date.now(), "Expiry must be in the future"),
});
export type ApiKeyCreateInput = z.infer<typeof apiKeyCreateInputSchema>;

export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The key's first characters, shown to tell keys apart (`mk_live_ab12cd34`). */
  prefix: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  clientId: z.string().nullable(),
  clientName: z.string().nullable(),
  createdAt: isoTimestamp(),
  createdByName: z.string().nullable(),
  lastUsedAt: isoTimestamp().nullable(),
  expiresAt: isoTimestamp().nullable(),
  revokedAt: isoTimestamp().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** The answer to a creation: the only time the secret is ever shown. */
export const apiKeyCreatedSchema = z.object({ key: apiKeySchema, secret: z.string() });
export type ApiKeyCreated = z.infer<typeof apiKeyCreatedSchema>;

// --- Alert intake -------------------------------------------------------------------------------------

export const ALERT_STATUSES = ["firing", "resolved"] as const;
export type AlertStatus = (typeof ALERT_STATUSES)[number];
export const ALERT_SEVERITIES = ["critical", "high", "warning", "info"] as const;
export type AlertSeverity = (typeof ALERT_SEVERITIES)[number];

/** The request body's limit in bytes: a tool's alert is a few KB. */
export const ALERT_MAX_BYTES = 64 * 1024;

/** An alert in our own shape, which each tool's payload is mapped to (api/src/alerts/formats.ts). */
export const genericAlertSchema = z.object({
  source: text(100).trim().min(1, "source is required"),
  deviceSerial: text(128).trim().min(1).optional(),
  hostname: text(255).trim().min(1).optional(),
  check: text(200, "check is required").trim().min(1, "check is required"),
  status: z.enum(ALERT_STATUSES, { error: "status must be firing or resolved" }),
  severity: z.enum(ALERT_SEVERITIES, { error: "severity must be critical, high, warning or info" }).default("warning"),
  message: text(5000).default(""),
  occurredAt: z.iso.datetime({ offset: true, message: "occurredAt must be an ISO 8601 timestamp" }).optional(),
});
export type GenericAlert = z.infer<typeof genericAlertSchema>;

export const alertOutcomeSchema = z.object({
  /** opened: a new ticket; noted: a note on the open one; resolved: the recovery resolved it; flood: the company's flood ticket took it; ignored: a recovery with no open ticket. */
  outcome: z.enum(["opened", "noted", "resolved", "flood", "ignored"]),
  ticketId: z.string().nullable(),
});
export type AlertOutcome = z.infer<typeof alertOutcomeSchema>;

/** The admin's alert settings (stored in app_settings). */
export const alertSettingsSchema = z.object({
  /** A recovery resolves the alert's open ticket. */
  resolveOnRecovery: z.boolean(),
  /** More alerts than this in a minute for one company go to one "alert flood" ticket. */
  floodPerMinute: z.number().int().min(1).max(10_000),
});
export type AlertSettings = z.infer<typeof alertSettingsSchema>;
