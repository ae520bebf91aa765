// Canned replies (docs/architecture.md §18): the form's schema, the placeholders a body may use, filling them in for a
// ticket. The placeholder list lives here once, so the save check (API), the insert (web) and the API's
// fill all agree on what `{{ticket.reference}}` means.
import { z } from "zod";
import { MAX_LENGTHS } from "./constants.js";
import { basedOnVersion, isoTimestamp, rowVersion } from "./wire.js";
import { required } from "./fields.js";
import { ticketReference } from "./labels.js";

/** What a placeholder is filled with: the ticket in hand and the staff member inserting the reply. */
export interface PlaceholderContext {
  ticket: { id: string; requesterName: string };
  agent: { name: string };
}

/** Each placeholder, what the management screen says it is, and how it is filled. */
export const CANNED_PLACEHOLDERS = {
  "requester.firstName": {
    description: "The requester's first name",
    fill: (c: PlaceholderContext) => c.ticket.requesterName.trim().split(/\s+/)[0] ?? "",
  },
  "ticket.reference": {
    description: 'The ticket\'s reference, e.g. "Ticket #1a2b3c4d"',
    fill: (c: PlaceholderContext) => `Ticket #${ticketReference(c.ticket.id)}`,
  },
  "agent.name": {
    description: "Your name",
    fill: (c: PlaceholderContext) => c.agent.name,
  },
} as const satisfies Record<string, { description: string; fill: (c: PlaceholderContext) => string }>;
export type CannedPlaceholder = keyof typeof CANNED_PLACEHOLDERS;

const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;
const isKnown = (name: string): name is CannedPlaceholder => Object.hasOwn(CANNED_PLACEHOLDERS, name);

/** The placeholders a body names that we do not know, in order, each once. */
export function unknownPlaceholders(body: string): string[] {
  const names = [...body.matchAll(PLACEHOLDER)].map((m) => m[1]!);
  return [...new Set(names.filter((n) => !isKnown(n)))];
}

const known = Object.keys(CANNED_PLACEHOLDERS)
  .map((n) => `{{${n}}}`)
  .join(", ");

/** "Unknown placeholder {{foo}}. Use {{requester.firstName}}, {{ticket.reference}}, {{agent.name}}". */
export function unknownPlaceholderMessage(names: string[]): string {
  const list = names.map((n) => `{{${n}}}`).join(", ");
  return `Unknown placeholder${names.length > 1 ? "s" : ""} ${list}. Use ${known}`;
}

/** The body with every known placeholder filled in; an unknown one (refused on save) is left as written. */
export function fillPlaceholders(body: string, context: PlaceholderContext): string {
  return body.replace(PLACEHOLDER, (whole, name: string) =>
    isKnown(name) ? CANNED_PLACEHOLDERS[name].fill(context) : whole,
  );
}

const cannedBody = required("Reply text is required", MAX_LENGTHS.description).superRefine((body, ctx) => {
  const unknown = unknownPlaceholders(body);
  if (unknown.length) ctx.addIssue({ code: "custom", message: unknownPlaceholderMessage(unknown) });
});

export const cannedReplyFieldsSchema = z.object({
  title: required("Title is required", MAX_LENGTHS.title),
  body: cannedBody,
  /** false: only its author sees it; true: every staff member does. */
  shared: z.boolean().default(false),
});
export type CannedReplyFields = z.infer<typeof cannedReplyFieldsSchema>;

/** A change to a reply: any of its fields. */
export const cannedReplyPatchSchema = z.object({
  title: required("Title is required", MAX_LENGTHS.title).optional(),
  body: cannedBody.optional(),
  shared: z.boolean().optional(),
});
export type CannedReplyPatch = z.infer<typeof cannedReplyPatchSchema>;

/** PATCH /api/canned-replies/{id}: the reply, and a change to at least one of its fields. */
export const cannedReplyUpdateInputSchema = cannedReplyPatchSchema
  .extend({ id: z.string(), version: basedOnVersion() })
  .refine((b) => b.title !== undefined || b.body !== undefined || b.shared !== undefined, {
    message: "Choose a change to apply",
  });

/** A canned reply as the API returns it. */
export const cannedReplySchema = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  shared: z.boolean(),
  authorId: z.string(),
  authorName: z.string(),
  /** Whether the caller may edit and delete it. */
  canEdit: z.boolean(),
  createdAt: isoTimestamp(),
  updatedAt: isoTimestamp(),
  version: rowVersion(),
});
export type CannedReply = z.infer<typeof cannedReplySchema>;
