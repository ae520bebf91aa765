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
import type { KnowledgeBase } from "./knowledge-index.js";
import { handoffDraft } from "./handoff.js";
import type { AssistantRequest, CommentDraft, Source, TicketDraft } from "./types.js";

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
    "Search the provider's service pages, FAQs, packages, timelines and response times.",
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

const ticketOut = (t: TicketSummary | TicketDetail) => ({
  reference: `#${t.reference}`,
  title: t.title,
  status: t.statusLabel,
  priority: t.priority,
  type: t.type,
  openedAt: t.createdAt.toISOString(),
  lastUpdatedAt: t.updatedAt.toISOString(),
  ...("lastComment" in t
    ? {
        latestComment: t.lastComment
          ? { by: t.lastComment.authorName, at: t.lastComment.createdAt.toISOString(), text: t.lastComment.content }
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

const schemas = {
  find_tickets: z.object({ reference: z.string().optional(), words: z.string().optional() }),
  list_devices_of_user: z.object({ name: z.string().min(1) }),
  search_knowledge: z.object({ query: z.string().min(1) }),
  propose_ticket: z.object({
    title: z.string(),
    description: z.string(),
    type: z.enum(TICKET_TYPES),
    priority: z.enum(TICKET_PRIORITIES),
    type_reason: z.string().max(200).optional(),
    priority_reason: z.string().max(200).optional(),
  }),
  propose_comment: z.object({
    reference: z.string().optional(),
    words: z.string().optional(),
    content: z.string().min(1),
  }),
  hand_off_to_person: z.object({ summary: z.string().max(200).optional() }),
};

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
  const parse = <K extends keyof typeof schemas>(key: K) => {
    const parsed = schemas[key].safeParse(args);
    return parsed.success ? (parsed.data as z.infer<(typeof schemas)[K]>) : null;
  };
  const { db, scope, now } = req;
  switch (name) {
    case "get_ticket_counts":
      return { result: await ticketCounts(db, scope) };
    case "list_active_tickets":
      return { result: (await activeTickets(db, scope, 10)).map(ticketOut) };
    case "find_tickets": {
      const input = parse("find_tickets");
      if (!input || (!input.reference && !input.words))
        return { result: { error: "Give a reference or words from the title" } };
      if (input.reference) {
        const ticket = await ticketByReference(db, scope, input.reference);
        return { result: ticket ? [ticketOut(ticket)] : [] };
      }
      return { result: (await findTicketsByWords(db, scope, input.words!)).map(ticketOut) };
    }
    case "get_device_summary":
      return { result: await deviceSummary(db, scope, now) };
    case "list_devices_at_risk": {
      const devices = (await companyDevices(db, scope, now)).filter((d) => !d.complianceOk);
      return { result: devices.map((d) => ({ ...deviceOut(d), reasons: riskReasons(d) })) };
    }
    case "list_warranties_expiring":
      return { result: (await companyDevices(db, scope, now)).filter((d) => d.warrantyExpiring).map(deviceOut) };
    case "list_devices_of_user": {
      const input = parse("list_devices_of_user");
      if (!input) return { result: { error: "Give the person's name" } };
      return { result: devicesOfUser(await companyDevices(db, scope, now), input.name).map(deviceOut) };
    }
    case "search_knowledge": {
      const input = parse("search_knowledge");
      if (!input) return { result: { error: "Give a query" } };
      const hits = knowledge.search(input.query, 3);
      const [best] = hits;
      return {
        result: hits.map((h) => ({ answer: h.doc.answer, source: h.doc.source?.title ?? null })),
        ...(best?.doc.source ? { sources: [best.doc.source] } : {}),
      };
    }
    case "propose_ticket": {
      const input = parse("propose_ticket");
      if (!input)
        return { result: { error: "Give title, description, type (INCIDENT, REQUEST, TASK) and priority (P1-P4)" } };
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
    }
    case "propose_comment": {
      const input = parse("propose_comment");
      if (!input || (!input.reference && !input.words))
        return { result: { error: "Give the ticket's reference or words from its title, and the content" } };
      const ticket = input.reference
        ? await ticketByReference(db, scope, input.reference)
        : (await findTicketsByWords(db, scope, input.words!))[0];
      if (!ticket) return { result: { error: "No such ticket among the company's tickets" } };
      return {
        result: { drafted: true, ticket: `#${ticket.reference}`, note: "Shown to the user, who must reply yes." },
        commentDraft: { ticketId: ticket.id, reference: ticket.reference, title: ticket.title, content: input.content },
      };
    }
    case "hand_off_to_person": {
      const input = parse("hand_off_to_person");
      return {
        result: { drafted: true, note: "Shown to the user, who must reply yes." },
        draft: handoffDraft(req, input?.summary || undefined),
        handoff: true,
      };
    }
    default:
      return { result: { error: `Unknown tool ${name}` } };
  }
}
