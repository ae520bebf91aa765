// The company's conversation with the assistant (spec: GET/POST /api/client/chat). Stores the user's
// message and the reply; keeps a pending ticket draft on the reply (chat_messages.meta). Opening the
// ticket is decided HERE, for both engines: only an explicit "yes" from the user who asked, to a draft
// that is still pending, opens it; the draft is consumed atomically so a double "yes" opens one ticket.
import { z } from "zod";
import { and, desc, eq, isNotNull, sql } from "@repo/db";
import { chatMessages, clients, type Database } from "@repo/db";
import { PROMISES } from "@repo/content";
import {
  CLIENT_PRIORITY_LABELS,
  chatRoleSchema,
  commentCreateInputSchema,
  ticketReference,
  isoTimestamp,
} from "@repo/validators";
import { hit, retryAfterSeconds, type Limit } from "../auth/rate-limit.js";
import type { SessionUser } from "../auth/session.js";
import type { CompanyScope } from "../auth/scope.js";
import type { EventBus } from "../events.js";
import { addComment, createTicket } from "../tickets/service.js";
import { asText, formatDateTime } from "./format.js";
import { incidentAnswer } from "./incidents.js";
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
  // Additions to the spec's message (docs/product-spec.md §3), for the chat panel; clients may ignore them.
  /** Pages the answer comes from ("From the Cloud Migration Lite page"). */
  sources: z.array(z.object({ title: z.string(), path: z.string() })).optional(),
  /** Quick replies offered with this message: sending one is the same as typing it. */
  suggestions: z.array(z.string()).optional(),
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

function toOut(row: MessageRow): ChatMessageOut {
  const meta = row.role === "assistant" ? chatMetaSchema.safeParse(row.meta ?? {}) : null;
  const { sources, suggestions } = meta?.success ? meta.data : {};
  return {
    id: row.id,
    role: row.role,
    content: row.content,
    createdAt: row.createdAt.toISOString(),
    ...(row.ticketId ? { ticketId: row.ticketId } : {}),
    ...(sources?.length ? { sources } : {}),
    ...(suggestions?.length ? { suggestions } : {}),
  };
}

/** The buttons under a reply that waits for a yes: the same words typed would do the same. */
const CONFIRM_TICKET = ["Yes, open it", "No"];
const CONFIRM_COMMENT = ["Yes, add it", "No"];
const CONFIRM_HANDOFF = ["Yes, talk to a person", "No"];

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
export async function chatHistory(db: Database, scope: CompanyScope): Promise<ChatMessageOut[]> {
  return (await recentMessages(db, scope.clientId, HISTORY_LIMIT)).map(toOut);
}

export interface ChatContext {
  db: Database;
  bus: EventBus;
  assistant: Assistant;
  user: SessionUser;
  scope: CompanyScope;
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
  const { db, user, scope } = ctx;
  const { clientId } = scope;
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

  const reply =
    (await draftReply(ctx, content, meta, lastReply?.id)) ??
    (await incidentReply(ctx, content)) ??
    (await engineReply(ctx, { content, meta, history, companyName: company.name, sentAt, stream }));
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
 * The replies decided here, without the engine, while a draft (of a ticket or a comment) awaits the
 * person's "yes" or "no", or a "yes" comes with nothing to confirm; null when the engine answers.
 */
async function draftReply(
  ctx: ChatContext,
  content: string,
  meta: ChatMeta,
  lastReplyId: string | undefined,
): Promise<Reply | null> {
  const { db, user } = ctx;
  const pending = meta.draft?.userId === user.id ? meta.draft : undefined;
  const pendingComment = meta.commentDraft?.userId === user.id ? meta.commentDraft : undefined;
  if (pending && lastReplyId && isConfirmation(content)) {
    return (await consumeDraft(db, lastReplyId, "draft"))
      ? await openDraftedTicket(ctx, pending)
      : alreadyHandled("ticket");
  }
  if (pendingComment && lastReplyId && isConfirmation(content)) {
    return (await consumeDraft(db, lastReplyId, "commentDraft"))
      ? await addDraftedComment(ctx, pendingComment)
      : alreadyHandled("comment");
  }
  if ((pending || pendingComment) && lastReplyId && isCancellation(content)) {
    await consumeDraft(db, lastReplyId, pending ? "draft" : "commentDraft");
    return {
      content: pendingComment
        ? "Okay, I won't add that comment. Anything else I can help with?"
        : "Okay, I won't open that ticket. Anything else I can help with?",
      meta: {},
    };
  }
  if (!pending && !pendingComment && isConfirmation(content) && content.trim().split(/\s+/).length <= 4) {
    return {
      content:
        'There\'s no ticket waiting for your confirmation. Tell me what you need, or say "open a ticket:" followed by the problem.',
      meta: {},
    };
  }
  return null;
}

/** An outage question answered from the company's open incidents, before either engine (assistant/incidents.ts). */
async function incidentReply(ctx: ChatContext, content: string): Promise<Reply | null> {
  const answer = await incidentAnswer(ctx.db, ctx.scope, content);
  return answer ? { content: answer, meta: {} } : null;
}

interface EngineTurn {
  content: string;
  meta: ChatMeta;
  history: MessageRow[];
  companyName: string;
  sentAt: Date;
  stream?: ReplyStream;
}

/** The engine's answer, with the drafts and the follow-up state it leaves for the next turn. */
async function engineReply(ctx: ChatContext, turn: EngineTurn): Promise<Reply> {
  const { db, user, scope } = ctx;
  const { meta, stream } = turn;
  const pending = meta.draft?.userId === user.id ? meta.draft : undefined;
  const pendingComment = meta.commentDraft?.userId === user.id ? meta.commentDraft : undefined;
  const awaiting = meta.awaitingTicketDetails?.userId === user.id ? meta.awaitingTicketDetails : undefined;
  const answer = await ctx.assistant.reply({
    db,
    user,
    scope,
    companyName: turn.companyName,
    message: turn.content,
    history: turn.history.map((m) => ({ role: m.role, content: m.content })),
    now: turn.sentAt,
    awaitingTicketDetails: awaiting !== undefined,
    partialProblem: awaiting?.problem,
    pendingDraft: pending
      ? { title: pending.title, description: pending.description, type: pending.type, priority: pending.priority }
      : undefined,
    pendingComment: pendingComment
      ? {
          ticketId: pendingComment.ticketId,
          reference: pendingComment.reference,
          title: pendingComment.title,
          content: pendingComment.content,
        }
      : undefined,
    stream,
  });
  const { draft, commentDraft } = answer;
  const suggestions = draft
    ? answer.handoff
      ? CONFIRM_HANDOFF
      : CONFIRM_TICKET
    : commentDraft
      ? CONFIRM_COMMENT
      : answer.suggestions;
  return {
    content: answer.content,
    meta: {
      engine: answer.engine,
      ...(draft ? { draft: { ...draft, userId: user.id, ...(answer.handoff ? { handoff: true } : {}) } } : {}),
      ...(commentDraft && !draft ? { commentDraft: { ...commentDraft, userId: user.id } } : {}),
      ...(answer.awaitingTicketDetails
        ? {
            awaitingTicketDetails: {
              userId: user.id,
              ...(answer.partialProblem ? { problem: answer.partialProblem.slice(0, 2_000) } : {}),
            },
          }
        : {}),
      ...(answer.sources?.length ? { sources: answer.sources } : {}),
      ...(suggestions?.length ? { suggestions } : {}),
    },
  };
}

/**
 * Removes the draft (of a ticket or a comment) from the reply that holds it, and its confirm buttons, in
 * one statement: of two concurrent "yes" (or a "yes" and a "no"), exactly one caller gets true.
 */
async function consumeDraft(db: Database, messageId: string, key: "draft" | "commentDraft"): Promise<boolean> {
  const rows = await db
    .update(chatMessages)
    // The key is one of two literals, never input: written into the statement, so its type is text.
    .set({ meta: sql`${chatMessages.meta} - ${sql.raw(`'${key}'`)} - 'suggestions'` })
    .where(and(eq(chatMessages.id, messageId), isNotNull(sql`${chatMessages.meta} -> ${sql.raw(`'${key}'`)}`)))
    .returning({ id: chatMessages.id });
  return rows.length > 0;
}

/** The answer to a second "yes" to one draft (another tab, a double send): the first one acted on it. */
const alreadyHandled = (draft: "ticket" | "comment"): Reply => ({
  content: `That ${draft} has already been handled. Anything else I can help with?`,
  meta: {},
});

/** The user said yes to a comment, its draft consumed: added as theirs, to their company's ticket only. */
async function addDraftedComment(ctx: ChatContext, draft: NonNullable<ChatMeta["commentDraft"]>): Promise<Reply> {
  const { user, scope } = ctx;
  const valid = commentCreateInputSchema.pick({ content: true }).safeParse({ content: draft.content });
  if (!valid.success) return { content: `I can't add that comment: ${valid.error.issues[0]!.message}.`, meta: {} };
  await addComment(ctx, {
    ticketId: draft.ticketId,
    author: { id: user.id, name: user.name, role: "CLIENT" },
    content: valid.data.content,
    internal: false,
    source: "assistant",
    scope,
  });
  return {
    content: `Done: I added your comment to ticket [#${draft.reference} "${asText(draft.title)}"](/client/tickets/${draft.ticketId}). The team sees it on the ticket right away.`,
    meta: {},
  };
}

/** The user said yes: the draft is validated again as the client form would, then opened as a ticket. */
async function openDraftedTicket(ctx: ChatContext, draft: NonNullable<ChatMeta["draft"]>): Promise<Reply> {
  const { user, scope } = ctx;
  const { handoff, ...fields } = draft;
  const valid = validateDraft(fields, user);
  if (!valid.success) return { content: refusedDraft(valid.error.issues.map((i) => i.message)), meta: {} };
  const ticket = await createTicket(ctx, {
    input: { ...valid.data, clientId: scope.clientId },
    source: "assistant",
    actor: { id: user.id, name: user.name, role: user.role },
    scope,
  });
  const link = `[#${ticketReference(ticket.id)} "${asText(ticket.title)}"](/client/tickets/${ticket.id})`;
  // The promise comes from the ticket's own SLA clock (its priority's policy, business hours or not).
  const by = ticket.responseDueAt ? ` by **${formatDateTime(ticket.responseDueAt, { zone: true })}**` : "";
  const within = `within ${ticket.priority === "P1" ? PROMISES.criticalResponse : PROMISES.replyWithin}`;
  if (handoff) {
    return {
      content: `Done: I opened ticket ${link} with this conversation attached, so a person from our team can pick it up without asking you to repeat anything. You'll hear back ${within}${by}.`,
      meta: { handedOff: true },
      ticketId: ticket.id,
    };
  }
  return {
    content: `Done: I opened ticket ${link} (${CLIENT_PRIORITY_LABELS[ticket.priority]}). You can follow it on your dashboard; we'll reply ${within}${by}.`,
    meta: {},
    ticketId: ticket.id,
  };
}
