// The company's conversation with the assistant (spec: GET/POST /api/client/chat). Stores the user's
// message and the reply; keeps a pending ticket draft on the reply (chat_messages.meta). Opening the
// ticket is decided HERE, for both engines: only an explicit "yes" from the user who asked, to a draft
// that is still pending, opens it; the draft is consumed atomically so a double "yes" opens one ticket.
import { z } from "zod";
import { and, desc, eq, isNotNull, sql } from "@repo/db";
import { chatMessages, clients, type Database } from "@repo/db";
import { PROMISES } from "@repo/content";
import { CLIENT_PRIORITY_LABELS, chatRoleSchema, ticketReference, isoTimestamp } from "@repo/validators";
import { hit, retryAfterSeconds, type Limit } from "../auth/rate-limit.js";
import type { SessionUser } from "../auth/session.js";
import type { EventBus } from "../events.js";
import { createTicket } from "../tickets/service.js";
import { isCancellation, isConfirmation, refusedDraft, validateDraft } from "./drafts.js";
import { chatMetaSchema, type Assistant, type ChatMeta, type ReplyStream } from "./types.js";
import { NotFoundError, TooManyRequestsError } from "../errors.js";

export const chatMessageOutSchema = z.object({
  id: z.string(),
  role: chatRoleSchema,
  content: z.string(),
  createdAt: isoTimestamp(),
  /** The ticket the assistant opened with this reply. */
  ticketId: z.string().optional(),
});
export type ChatMessageOut = z.infer<typeof chatMessageOutSchema>;

/** How much of the conversation the client gets back, and how much an engine sees. */
export const HISTORY_LIMIT = 200;
export const ENGINE_HISTORY_LIMIT = 20;

/** Messages per user: a person typing never gets near it; a script (or a runaway bill) does. */
export const CHAT_LIMIT: Limit = { max: 30, windowMs: 5 * 60_000 };

export async function checkChatLimit(ctx: { db: Database; user: SessionUser }): Promise<void> {
  const state = await hit(ctx.db, `chat:user:${ctx.user.id}`, CHAT_LIMIT);
  if (state.count > CHAT_LIMIT.max)
    throw new TooManyRequestsError("Too many messages. Please wait a moment and try again.", retryAfterSeconds(state));
}

type MessageRow = typeof chatMessages.$inferSelect;

const toOut = (row: MessageRow): ChatMessageOut => ({
  id: row.id,
  role: row.role,
  content: row.content,
  createdAt: row.createdAt.toISOString(),
  ...(row.ticketId ? { ticketId: row.ticketId } : {}),
});

async function recentMessages(db: Database, clientId: string, limit: number): Promise<MessageRow[]> {
  const rows = await db
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.clientId, clientId))
    .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
    .limit(limit);
  return rows.reverse();
}

/** The company's conversation, newest last. */
export async function chatHistory(db: Database, clientId: string): Promise<ChatMessageOut[]> {
  return (await recentMessages(db, clientId, HISTORY_LIMIT)).map(toOut);
}

export interface ChatContext {
  db: Database;
  bus: EventBus;
  assistant: Assistant;
  user: SessionUser;
  clientId: string;
}

export interface ChatExchange {
  user: ChatMessageOut;
  assistant: ChatMessageOut;
}

interface Reply {
  content: string;
  meta: ChatMeta;
  ticketId?: string;
}

export async function sendChatMessage(ctx: ChatContext, content: string, stream?: ReplyStream): Promise<ChatExchange> {
  const { db, user, clientId } = ctx;
  const [company] = await db.select({ name: clients.name }).from(clients).where(eq(clients.id, clientId));
  if (!company) throw NotFoundError.of("Company");

  const history = await recentMessages(db, clientId, ENGINE_HISTORY_LIMIT);
  const lastReply = [...history].reverse().find((m) => m.role === "assistant");
  const state = lastReply ? chatMetaSchema.safeParse(lastReply.meta ?? {}) : null;
  const meta: ChatMeta = state?.success ? state.data : {};

  const sentAt = new Date();
  const [userRow] = await db
    .insert(chatMessages)
    .values({ clientId, userId: user.id, role: "user", content, createdAt: sentAt })
    .returning();

  const pending = meta.draft?.userId === user.id ? meta.draft : undefined;
  let reply: Reply;
  if (pending && lastReply && isConfirmation(content)) {
    reply = await openDraftedTicket(ctx, lastReply.id, pending);
  } else if (pending && lastReply && isCancellation(content)) {
    await consumeDraft(db, lastReply.id);
    reply = { content: "Okay, I won't open that ticket. Anything else I can help with?", meta: {} };
  } else if (!pending && isConfirmation(content) && content.trim().split(/\s+/).length <= 3) {
    reply = {
      content:
        'There\'s no ticket waiting for your confirmation. Tell me what you need, or say "open a ticket:" followed by the problem.',
      meta: {},
    };
  } else {
    const answer = await ctx.assistant.reply({
      db,
      user,
      clientId,
      companyName: company.name,
      message: content,
      history: history.map((m) => ({ role: m.role, content: m.content })),
      now: sentAt,
      awaitingTicketDetails: meta.awaitingTicketDetails?.userId === user.id,
      pendingDraft: pending
        ? { title: pending.title, description: pending.description, type: pending.type, priority: pending.priority }
        : undefined,
      stream,
    });
    reply = {
      content: answer.content,
      meta: {
        engine: answer.engine,
        ...(answer.draft ? { draft: { ...answer.draft, userId: user.id } } : {}),
        ...(answer.awaitingTicketDetails ? { awaitingTicketDetails: { userId: user.id } } : {}),
      },
    };
  }
  // Engines stream their own text; the replies decided here are sent whole.
  if (reply.meta.engine === undefined) stream?.delta(reply.content);

  const [assistantRow] = await db
    .insert(chatMessages)
    .values({
      clientId,
      role: "assistant",
      content: reply.content,
      ticketId: reply.ticketId ?? null,
      meta: reply.meta,
      // Strictly after the user's message, so "newest last" holds even within one millisecond.
      createdAt: new Date(Math.max(Date.now(), sentAt.getTime() + 1)),
    })
    .returning();
  return { user: toOut(userRow!), assistant: toOut(assistantRow!) };
}

/**
 * Removes the draft from the reply that holds it, in one statement: of two concurrent "yes" (or a "yes"
 * and a "no"), exactly one caller gets true.
 */
async function consumeDraft(db: Database, messageId: string): Promise<boolean> {
  const rows = await db
    .update(chatMessages)
    .set({ meta: sql`${chatMessages.meta} - 'draft'` })
    .where(and(eq(chatMessages.id, messageId), isNotNull(sql`${chatMessages.meta} -> 'draft'`)))
    .returning({ id: chatMessages.id });
  return rows.length > 0;
}

/** The user said yes: the draft is validated again as the client form would, then opened as a ticket. */
async function openDraftedTicket(
  ctx: ChatContext,
  draftMessageId: string,
  draft: NonNullable<ChatMeta["draft"]>,
): Promise<Reply> {
  const { db, user, clientId } = ctx;
  if (!(await consumeDraft(db, draftMessageId))) {
    return { content: "That ticket has already been handled. Anything else I can help with?", meta: {} };
  }
  const valid = validateDraft(draft, user);
  if (!valid.success) return { content: refusedDraft(valid.error.issues.map((i) => i.message)), meta: {} };
  const ticket = await createTicket(ctx, {
    input: { ...valid.data, clientId },
    source: "assistant",
    actor: { id: user.id, name: user.name, role: user.role },
  });
  return {
    content: `Done: I opened ticket #${ticketReference(ticket.id)} "${ticket.title}" (${CLIENT_PRIORITY_LABELS[ticket.priority]}). You can follow it on your dashboard; we'll reply within ${PROMISES.replyWithin}${ticket.priority === "P1" ? ` (critical issues within ${PROMISES.criticalResponse})` : ""}.`,
    meta: {},
    ticketId: ticket.id,
  };
}
