// Ticket drafts in the chat: recognising a request to open one, drafting title/type/priority from the
// user's words, validating the draft exactly as the client's new-ticket form does, and reading the
// user's yes or no. A ticket is opened only on an explicit yes to a draft (chat.ts).
import {
  CLIENT_PRIORITY_LABELS,
  TICKET_TYPE_LABELS,
  clientTicketCreateSchema,
  type TicketPriority,
  type TicketType,
} from "@repo/validators";
import type { SessionUser } from "../auth/session.js";
import type { TicketDraft } from "./types.js";

/** "open a ticket", "raise a support ticket", "log a new ticket", "create a ticket for ..." */
const OPEN_TICKET =
  /\b(open|create|raise|log|file|submit|start|make|put in|send)\b[^.?!]{0,30}?\b(ticket|support request|case)\b/i;

export function isTicketRequest(message: string): boolean {
  return OPEN_TICKET.test(message) && !/\bhow (do|can) i\b/i.test(message);
}

/**
 * The problem described along with the request: after a colon ("open a ticket: the printer is jammed"),
 * or after "ticket" + about/for/because/that/saying ("raise a ticket about the VPN dropping").
 */
export function problemFromRequest(message: string): string {
  const colon = message.indexOf(":");
  if (colon >= 0) return message.slice(colon + 1).trim();
  const match = OPEN_TICKET.exec(message);
  if (!match) return message.trim();
  const rest = message.slice(match.index + match[0].length).trim();
  // "open a ticket for me?", "raise a ticket please": a request with no problem described.
  if (/^(for (me|us)|please|now|for me please)?[\s?.!]*$/i.test(rest)) return "";
  return rest.replace(/^\s*(about|for|because|that|saying|regarding|re|on|,|-)\s*/i, "").trim();
}

const INCIDENT_WORDS =
  /\b(broken|broke|jam|jammed|jams|down|not working|doesn'?t work|won'?t|can'?t|cannot|unable|error|crash|crashes|crashed|fails?|failed|failing|stopped|slow|offline|outage|lost|stolen|hacked|virus|malware|phishing|blue screen|disconnect\w*|no (internet|wifi|wi-fi|email|power))\b/i;
const TASK_WORDS =
  /\b(schedule|scheduled|quarterly|monthly|weekly|renew|renewal|rotate|maintenance|review|audit|test restore|clean ?up|archive)\b/i;

export function guessType(text: string): TicketType {
  if (INCIDENT_WORDS.test(text)) return "INCIDENT";
  if (TASK_WORDS.test(text)) return "TASK";
  return "REQUEST";
}

export function guessPriority(text: string): TicketPriority {
  const explicit = /\bp([1-4])\b/i.exec(text);
  if (explicit) return `P${explicit[1]}` as TicketPriority;
  if (
    /\b(urgent|emergency|critical|asap|outage|ransomware|hacked|business (has )?stopped|nobody can|no one can|everyone|whole (office|team|practice|firm)|all (users|staff|computers))\b/i.test(
      text,
    )
  )
    return "P1";
  if (
    /\b(high priority|important|major|several|many|can'?t work|cannot work|unable to work|clients? (are )?waiting)\b/i.test(
      text,
    )
  )
    return "P2";
  if (/\b(low priority|minor|no rush|whenever|when you (can|have time)|not urgent|cosmetic)\b/i.test(text)) return "P4";
  return "P3";
}

const TITLE_MAX = 80;

/** The first sentence, capitalised, cut at a word boundary. */
export function titleFrom(problem: string): string {
  const sentence = problem
    .split(/(?<=[.!?])\s|\n/)[0]!
    .trim()
    .replace(/[.!?]+$/, "");
  let title = sentence.length > TITLE_MAX ? `${sentence.slice(0, TITLE_MAX).replace(/\s+\S*$/, "")}...` : sentence;
  title = title.charAt(0).toUpperCase() + title.slice(1);
  return title;
}

/** A draft from the user's own description; the description is their words, never padded. */
export function draftFrom(problem: string): TicketDraft {
  const description = problem.trim();
  return {
    title: titleFrom(description),
    description: description.charAt(0).toUpperCase() + description.slice(1),
    type: guessType(description),
    priority: guessPriority(description),
  };
}

/** The client form's own validation (clientTicketCreateSchema), requester = the signed-in user. */
export function validateDraft(draft: TicketDraft, user: Pick<SessionUser, "name" | "email">) {
  return clientTicketCreateSchema.safeParse({ ...draft, requesterName: user.name, requesterEmail: user.email });
}

const PRIORITY_WORDS: [RegExp, TicketPriority][] = [
  [/\b(p1|urgent|critical)\b/i, "P1"],
  [/\b(p2|high)\b/i, "P2"],
  [/\b(p3|medium|normal)\b/i, "P3"],
  [/\b(p4|low)\b/i, "P4"],
];
const TYPE_WORDS: [RegExp, TicketType][] = [
  [/\bincident\b/i, "INCIDENT"],
  [/\brequest\b/i, "REQUEST"],
  [/\btask\b/i, "TASK"],
];

/**
 * A change to a pending draft: "make it urgent", "priority P2", "change the type to task",
 * 'call it "Reception printer jammed"'. null when the message is not about the draft.
 */
export function reviseDraft(draft: TicketDraft, message: string): TicketDraft | null {
  const title = /\b(?:call it|title(?: it)?|rename it)(?: to)?\s*[:]?\s*["“]?(.+?)["”]?\s*$/i.exec(message);
  if (title) return { ...draft, title: title[1]!.trim() };
  if (!/\b(make it|set it|mark it|change|priority|should be|it'?s|type)\b/i.test(message)) return null;
  const priority = PRIORITY_WORDS.find(([re]) => re.test(message))?.[1];
  const type = TYPE_WORDS.find(([re]) => re.test(message))?.[1];
  if (!priority && !type) return null;
  return { ...draft, ...(priority ? { priority } : {}), ...(type ? { type } : {}) };
}

export function describeDraft(draft: TicketDraft): string {
  return [
    "Here is the ticket I can open for you:",
    "",
    `Title: ${draft.title}`,
    `Type: ${TICKET_TYPE_LABELS[draft.type]}`,
    `Priority: ${CLIENT_PRIORITY_LABELS[draft.priority]}`,
    `Description: ${draft.description}`,
    "",
    'Shall I open it? Reply "yes" to confirm or "no" to cancel.',
  ].join("\n");
}

export function refusedDraft(messages: string[]): string {
  return `I can't open that ticket yet: ${messages.join(". ")}. Tell me a little more about the problem (what happens, where, since when) and I'll draft it again.`;
}

const YES =
  /^\s*(yes|yep|yeah|yup|sure|ok|okay|confirm|confirmed|go ahead|do it|please do|please open it|open it|sounds good|correct|y)\b/i;
const NO = /^\s*(no|nope|nah|cancel|don'?t|do not|stop|never ?mind|forget it|n)\b/i;

export const isConfirmation = (message: string) => YES.test(message) && !NO.test(message);
export const isCancellation = (message: string) => NO.test(message);
