// The lookups the OpenAI-compatible engine may call. Every tool runs as the signed-in client: the company
// is the company scope of the session, never an argument, so nothing a model (or a prompt injected into a
// ticket title) asks for can reach another company's rows. Arguments are validated; a bad call gets an
// error result the model can correct, never an exception.
import { z } from "zod";
import type { ChatCompletionFunctionTool } from "openai/resources/chat/completions";
import { TICKET_PRIORITIES, TICKET_TYPES, type Device } from "@repo/validators";
import {
  activeTickets,
  companyDevices,
  devicesOfUser,
  deviceSummary,
  findTicketsByWords,
  riskReasons,
  ticketByReference,
  ticketCounts,
  type TicketDetail,
  type TicketSummary,
} from "./company-data.js";
import { validateDraft } from "./drafts.js";
import { articleDocs } from "./articles.js";
import type { KnowledgeBase } from "./knowledge-index.js";
import { handoffDraft } from "./handoff.js";
import type { AssistantRequest, CommentDraft, Source, TicketDraft } from "./types.js";
import { asText } from "./format.js";

const fn = (
  name: string,
  description: string,
  properties: Record<string, unknown> = {},
  required: string[] = [],
): ChatCompletionFunctionTool => ({
  type: "function",
  function: { name, description, parameters: { type: "object", properties, required, additionalProperties: false } },
});

export const TOOL_DEFINITIONS: ChatCompletionFunctionTool[] = [
  fn(
    "get_ticket_counts",
    "Counts of the company's tickets: open (New or Triaged), in progress, resolved (Resolved or Closed), waiting on the client, on hold, total.",
  ),
  fn("list_active_tickets", "The company's tickets that are not resolved or closed, most recently updated first."),
  fn(
    "find_tickets",
    "Find the company's tickets by their 8-character reference (e.g. 1a2b3c4d) or by words from the title; returns status, priority, dates and the latest comment.",
    {
      reference: { type: "string", description: "8-character reference, with or without #" },
      words: { type: "string", description: "Words from the ticket's title or description" },
    },
  ),
  fn(
    "get_device_summary",
    "Counts of the company's devices: total, in use, available (spare), at risk, warranty expiring.",
  ),
  fn(
    "list_devices_at_risk",
    "The company's devices that are at risk (encryption off or no check-in within 30 days), with the reasons.",
  ),
  fn("list_warranties_expiring", "The company's devices whose warranty expires within 30 days or has expired."),
  fn(
    "list_devices_of_user",
    "The devices assigned to a person of the company.",
    { name: { type: "string", description: "Full, first or last name" } },
    ["name"],
  ),
  fn(
    "search_knowledge",
    "Search the provider's service pages, FAQs, packages, timelines and response times, and the help articles this client may read (how-tos, their company's own set-up).",
    { query: { type: "string" } },
    ["query"],
  ),
  fn(
    "propose_ticket",
    "Draft a support ticket for the user. It is NOT opened: the user is shown the draft and must reply yes. Title at least 5 characters, description at least 20 characters in the user's words.",
    {
      title: { type: "string" },
      description: { type: "string" },
      type: { type: "string", enum: [...TICKET_TYPES] },
      priority: {
        type: "string",
        enum: [...TICKET_PRIORITIES],
        description: "P1 business stopped, P2 major impact, P3 normal (default), P4 minor",
      },
      type_reason: { type: "string", description: "Why this type, in a few words shown to the user" },
      priority_reason: { type: "string", description: "Why this priority, in a few words shown to the user" },
    },
    ["title", "description", "type", "priority"],
  ),
  fn(
    "propose_comment",
    "Draft a comment on one of the company's tickets, in the user's words. It is NOT added: the user must reply yes.",
    {
      reference: { type: "string", description: "The ticket's 8-character reference, with or without #" },
      words: { type: "string", description: "Words from the ticket's title, when the reference is not known" },
      content: { type: "string", description: "The comment, in the user's words" },
    },
    ["content"],
  ),
  fn(
    "hand_off_to_person",
    "When the user asks for a person: drafts a ticket carrying this conversation for the support team. The user must reply yes.",
    { summary: { type: "string", description: "The problem in a few words, if there is one" } },
  ),
];

/**
 * What people typed goes to the model already escaped for the reply's Markdown (asText), so a reply that
 * quotes it as given shows it as text, never as a link (docs/decisions/0030).
 */
const ticketOut = (t: TicketSummary | TicketDetail) => ({
  reference: `#${t.reference}`,
  title: asText(t.title),
  status: t.statusLabel,
  priority: t.priority,
  type: t.type,
  openedAt: t.createdAt.toISOString(),
  lastUpdatedAt: t.updatedAt.toISOString(),
  ...("lastComment" in t
    ? {
        latestComment: t.lastComment
          ? {
              by: asText(t.lastComment.authorName),
              at: t.lastComment.createdAt.toISOString(),
              text: asText(t.lastComment.content),
            }
          : null,
      }
    : {}),
});

const deviceOut = (d: Device) => ({
  serialNumber: d.serialNumber,
  model: d.model,
  type: d.deviceType,
  assignedUser: d.assignedUser,
  status: d.status,
  warrantyExpiry: d.warrantyExpiry,
  atRisk: !d.complianceOk,
});

export interface ToolOutcome {
  result: unknown;
  /** Set by propose_ticket (and hand_off_to_person) when the draft passed validation. */
  draft?: TicketDraft;
  reasons?: { type: string; priority: string };
  handoff?: boolean;
  /** Set by propose_comment when the ticket is the company's. */
  commentDraft?: CommentDraft;
  /** Pages a knowledge search answered from. */
  sources?: Source[];
}

/** What every tool runs with: the signed-in client's request (its company) and the knowledge base. */
interface ToolContext {
  req: AssistantRequest;
  knowledge: KnowledgeBase;
}

/** One tool: its arguments as the model sent them (parsed JSON), answered for the caller's company. */
type ToolHandler = (args: unknown, ctx: ToolContext) => Promise<ToolOutcome>;

/** A tool whose arguments must match `schema`; a call that does not gets `refusal` back, to correct. */
function withArguments<S extends z.ZodType>(
  schema: S,
  refusal: string,
  handle: (input: z.infer<S>, ctx: ToolContext) => Promise<ToolOutcome>,
): ToolHandler {
  return async (args, ctx) => {
    const parsed = schema.safeParse(args);
    return parsed.success ? handle(parsed.data, ctx) : { result: { error: refusal } };
  };
}

/** A ticket named by its reference, or by words from its title. */
const ticketNamed = z
  .object({ reference: z.string().optional(), words: z.string().optional() })
  .refine((input) => input.reference || input.words);

const findTickets = withArguments(
  ticketNamed,
  "Give a reference or words from the title",
  async ({ reference, words }, { req: { db, scope } }) => {
    if (reference) {
      const ticket = await ticketByReference(db, scope, reference);
      return { result: ticket ? [ticketOut(ticket)] : [] };
    }
    return { result: (await findTicketsByWords(db, scope, words!)).map(ticketOut) };
  },
);

const listDevicesAtRisk: ToolHandler = async (_args, { req: { db, scope, now } }) => {
  const devices = (await companyDevices(db, scope, now)).filter((d) => !d.complianceOk);
  return { result: devices.map((d) => ({ ...deviceOut(d), reasons: riskReasons(d) })) };
};

const listDevicesOfUser = withArguments(
  z.object({ name: z.string().min(1) }),
  "Give the person's name",
  async ({ name }, { req: { db, scope, now } }) => ({
    result: devicesOfUser(await companyDevices(db, scope, now), name).map(deviceOut),
  }),
);

const searchKnowledge = withArguments(
  z.object({ query: z.string().min(1) }),
  "Give a query",
  async ({ query }, { req, knowledge }) => {
    const hits = knowledge.search(query, 3, await articleDocs(req.db, req.scope, query));
    const [best] = hits;
    return {
      result: hits.map((h) => ({ answer: h.doc.answer, source: h.doc.source?.title ?? null })),
      ...(best?.doc.source ? { sources: [best.doc.source] } : {}),
    };
  },
);

const proposeTicket = withArguments(
  z.object({
    title: z.string(),
    description: z.string(),
    type: z.enum(TICKET_TYPES),
    priority: z.enum(TICKET_PRIORITIES),
    type_reason: z.string().max(200).optional(),
    priority_reason: z.string().max(200).optional(),
  }),
  "Give title, description, type (INCIDENT, REQUEST, TASK) and priority (P1-P4)",
  async (input, { req }) => {
    const valid = validateDraft(input, req.user);
    if (!valid.success) return { result: { error: valid.error.issues.map((i) => i.message).join(". ") } };
    const draft: TicketDraft = {
      title: valid.data.title,
      description: valid.data.description,
      type: valid.data.type,
      priority: valid.data.priority,
    };
    const reasons =
      input.type_reason && input.priority_reason
        ? { type: input.type_reason, priority: input.priority_reason }
        : undefined;
    return {
      result: { drafted: true, note: "Shown to the user, who must reply yes to open it." },
      draft,
      ...(reasons ? { reasons } : {}),
    };
  },
);

const proposeComment = withArguments(
  z
    .object({ reference: z.string().optional(), words: z.string().optional(), content: z.string().min(1) })
    .refine((input) => input.reference || input.words),
  "Give the ticket's reference or words from its title, and the content",
  async ({ reference, words, content }, { req: { db, scope } }) => {
    const ticket = reference
      ? await ticketByReference(db, scope, reference)
      : (await findTicketsByWords(db, scope, words!))[0];
    if (!ticket) return { result: { error: "No such ticket among the company's tickets" } };
    return {
      result: { drafted: true, ticket: `#${ticket.reference}`, note: "Shown to the user, who must reply yes." },
      commentDraft: { ticketId: ticket.id, reference: ticket.reference, title: ticket.title, content },
    };
  },
);

/** A hand-off never refuses: without a usable summary the draft carries the conversation alone. */
const handOffToPerson: ToolHandler = async (args, { req }) => {
  const input = z.object({ summary: z.string().max(200).optional() }).safeParse(args);
  return {
    result: { drafted: true, note: "Shown to the user, who must reply yes." },
    draft: handoffDraft(req, (input.success && input.data.summary) || undefined),
    handoff: true,
  };
};

/** Each tool of TOOL_DEFINITIONS by its name. */
const TOOLS: Record<string, ToolHandler> = {
  get_ticket_counts: async (_args, { req: { db, scope } }) => ({ result: await ticketCounts(db, scope) }),
  list_active_tickets: async (_args, { req: { db, scope } }) => ({
    result: (await activeTickets(db, scope, 10)).map(ticketOut),
  }),
  find_tickets: findTickets,
  get_device_summary: async (_args, { req: { db, scope, now } }) => ({
    result: await deviceSummary(db, scope, now),
  }),
  list_devices_at_risk: listDevicesAtRisk,
  list_warranties_expiring: async (_args, { req: { db, scope, now } }) => ({
    result: (await companyDevices(db, scope, now)).filter((d) => d.warrantyExpiring).map(deviceOut),
  }),
  list_devices_of_user: listDevicesOfUser,
  search_knowledge: searchKnowledge,
  propose_ticket: proposeTicket,
  propose_comment: proposeComment,
  hand_off_to_person: handOffToPerson,
};

/** Runs the tool a model called; a bad call (unknown tool, arguments not JSON) is an error result. */
export async function runTool(
  name: string,
  rawArguments: string,
  req: AssistantRequest,
  knowledge: KnowledgeBase,
): Promise<ToolOutcome> {
  let args: unknown;
  try {
    args = rawArguments.trim() ? JSON.parse(rawArguments) : {};
  } catch {
    return { result: { error: "The arguments are not valid JSON" } };
  }
  // Own keys only: a model naming "constructor" or "toString" calls no tool.
  const tool = Object.hasOwn(TOOLS, name) ? TOOLS[name] : undefined;
  if (!tool) return { result: { error: `Unknown tool ${name}` } };
  return tool(args, { req, knowledge });
}
