// The one interface both engines implement (docs/architecture.md, "AI assistant"): the embedded engine (retrieval
// over the knowledge base plus rules over the client's own data, no network) and an OpenAI-compatible one.
import { z } from "zod";
import type { Database } from "@repo/db";
import { ticketPrioritySchema, ticketTypeSchema, type ChatRole } from "@repo/validators";
import type { SessionUser } from "../auth/session.js";
import type { CompanyScope } from "../auth/scope.js";

/** A ticket the assistant proposes; it is opened only after the user confirms (chat.ts). */
export const ticketDraftSchema = z.object({
  title: z.string(),
  description: z.string(),
  type: ticketTypeSchema,
  priority: ticketPrioritySchema,
});
export type TicketDraft = z.infer<typeof ticketDraftSchema>;

/** What an assistant reply remembers for the next turn, stored on the chat message (chat_messages.meta). */
export const chatMetaSchema = z.object({
  /** A draft awaiting confirmation, and the user who asked for it (only that user can confirm it). */
  draft: ticketDraftSchema.extend({ userId: z.string(), handoff: z.boolean().optional() }).optional(),
  /** A comment on one of the company's tickets awaiting confirmation, and the user who asked for it. */
  commentDraft: z
    .object({ userId: z.string(), ticketId: z.string(), reference: z.string(), title: z.string(), content: z.string() })
    .optional(),
  /** This reply opened a ticket handing the conversation to a person. */
  handedOff: z.boolean().optional(),
  /** Pages the answer comes from, and the quick replies offered with it (shown by the chat panel). */
  sources: z.array(z.object({ title: z.string(), path: z.string() })).optional(),
  suggestions: z.array(z.string()).optional(),
  /** The assistant asked this user what the problem is: the next message describes it. */
  awaitingTicketDetails: z.object({ userId: z.string(), problem: z.string().optional() }).optional(),
  /** Which engine answered (the OpenAI-compatible one falls back to the embedded one on failure). */
  engine: z.enum(["embedded", "openai"]).optional(),
});
export type ChatMeta = z.infer<typeof chatMetaSchema>;

/** Streaming callbacks: text as it is produced; `reset` discards what was streamed (engine fell back). */
export interface ReplyStream {
  delta(text: string): void;
  reset(): void;
}

export interface AssistantRequest {
  db: Database;
  /** The signed-in client user: every lookup runs in `scope`, its company's, and nothing else. */
  user: SessionUser;
  scope: CompanyScope;
  companyName: string;
  message: string;
  /** Earlier messages of this company's conversation, oldest first (the current message excluded). */
  history: { role: ChatRole; content: string }[];
  now: Date;
  /** The previous reply asked this user to describe the problem for a ticket. */
  awaitingTicketDetails?: boolean;
  /** What the user already said about the problem, too little for a ticket: the next message adds to it. */
  partialProblem?: string;
  /** A draft of this user awaiting confirmation; the message may revise it ("make it urgent"). */
  pendingDraft?: TicketDraft;
  /** A comment of this user awaiting confirmation (a new message is not about it unless it says yes). */
  pendingComment?: CommentDraft;
  stream?: ReplyStream;
}

/** Where a knowledge answer comes from: a page of the site. */
export interface Source {
  title: string;
  path: string;
}

/** A comment on one of the company's tickets, proposed by an engine; added only on the user's yes. */
export interface CommentDraft {
  ticketId: string;
  reference: string;
  title: string;
  content: string;
}

export interface AssistantReply {
  /** Markdown: lists, bold, links to the site's pages and the company's tickets (chat-markdown in the web). */
  content: string;
  /** A proposed ticket: the reply asks for confirmation. */
  draft?: TicketDraft;
  /** Why the draft's type and priority were chosen, in words. */
  reasons?: { type: string; priority: string };
  /** The draft hands the conversation to a person (its description is the conversation). */
  handoff?: boolean;
  /** A proposed comment: the reply asks for confirmation. */
  commentDraft?: CommentDraft;
  /** Pages the answer comes from. */
  sources?: Source[];
  /** Next questions the person may want to ask, offered as buttons. */
  suggestions?: string[];
  /** The reply asked what the problem is, to draft a ticket from the next message. */
  awaitingTicketDetails?: boolean;
  /** What was said so far about the problem, kept for the next message. */
  partialProblem?: string;
  engine: "embedded" | "openai";
}

export interface Assistant {
  readonly engine: "embedded" | "openai";
  reply(request: AssistantRequest): Promise<AssistantReply>;
}
