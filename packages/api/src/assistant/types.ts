// The one interface both engines implement (docs/architecture.md, "AI assistant"): the embedded engine (retrieval
// over the knowledge base plus rules over the client's own data, no network) and an OpenAI-compatible one.
import { z } from "zod";
import type { Database } from "@repo/db";
import { ticketPrioritySchema, ticketTypeSchema, type ChatRole } from "@repo/validators";
import type { SessionUser } from "../auth/session.js";

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
  draft: ticketDraftSchema.extend({ userId: z.string() }).optional(),
  /** The assistant asked this user what the problem is: the next message describes it. */
  awaitingTicketDetails: z.object({ userId: z.string() }).optional(),
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
  /** The signed-in client user: every lookup runs for `clientId`, its company, and nothing else. */
  user: SessionUser;
  clientId: string;
  companyName: string;
  message: string;
  /** Earlier messages of this company's conversation, oldest first (the current message excluded). */
  history: { role: ChatRole; content: string }[];
  now: Date;
  /** The previous reply asked this user to describe the problem for a ticket. */
  awaitingTicketDetails?: boolean;
  /** A draft of this user awaiting confirmation; the message may revise it ("make it urgent"). */
  pendingDraft?: TicketDraft;
  stream?: ReplyStream;
}

export interface AssistantReply {
  content: string;
  /** A proposed ticket: the reply asks for confirmation. */
  draft?: TicketDraft;
  /** The reply asked what the problem is, to draft a ticket from the next message. */
  awaitingTicketDetails?: boolean;
  engine: "embedded" | "openai";
}

export interface Assistant {
  readonly engine: "embedded" | "openai";
  reply(request: AssistantRequest): Promise<AssistantReply>;
}
