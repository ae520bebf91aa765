// Ticket drafts in the chat: recognising a request to open one, drafting title/type/priority from the
// user's words, validating the draft exactly as the client's new-ticket form does, and reading the
// user's yes or no. A ticket is opened only on an explicit yes to a draft (chat.ts).
import {
  CLIENT_PRIORITY_LABELS,
  TICKET_TYPE_LABELS,
  clientTicketCreateInputSchema,
  type TicketPriority,
  type TicketType,
} from "@repo/validators";
import type { SessionUser } from "../auth/session.js";
import type { TicketDraft } from "./types.js";
import { asText } from "./format.js";

/** "open a ticket", "raise a support ticket", "log a new ticket", "create a ticket for ..." */
const OPEN_TICKET =
  /\b(open|create|raise|log|file|submit|start|make|put in|send|get)\b(?:\s+(?:up|in|me|us|a|an|the|new|another|quick|support|help ?desk|it|service))*\s+(ticket|support request|case)\b/i;

export function isTicketRequest(message: string): boolean {
  return OPEN_TICKET.test(message) && !/\bhow (do|can) i\b/i.test(message);
}

/**
 * The request itself with its politeness around it: "can you please open a ticket for me?", "raise a
 * ticket asap", "please log a ticket". What is left of the message once it is removed is the problem.
 */
const REQUEST_CLAUSE = new RegExp(
  String.raw`(?:\b(?:can|could|would|will) you\s+)?(?:\bplease\s+)?${OPEN_TICKET.source}(?:\s+for\s+(?:me|us|this|it|that))?(?:\s+(?:please|asap|now|right away|urgently))*\s*[?.!]*`,
  "i",
);

/**
 * The problem described along with the request, wherever it is: after a colon ("open a ticket: the
 * printer is jammed"), after "ticket" + about/for/because ("raise a ticket about the VPN dropping"), or
 * around the request ("My laptop won't connect to wifi, can you open a ticket?"). Empty when the message
 * is only the request.
 */
export function problemFromRequest(message: string): string {
  const colon = message.indexOf(":");
  if (colon >= 0 && OPEN_TICKET.test(message.slice(0, colon))) return tidy(message.slice(colon + 1));
  const match = REQUEST_CLAUSE.exec(message);
  if (!match) return tidy(message);
  const before = message.slice(0, match.index);
  const after = message
    .slice(match.index + match[0].length)
    .replace(/^\s*(about|for|because|that|saying|regarding|re|on|,|-)\s+/i, "");
  return tidy([before, after].filter((part) => part.replace(/[\s,.!?-]/g, "")).join(" "));
}

/** Trims the joints left by cutting the request out ("..., " or a lone "please"). */
const tidy = (text: string) =>
  text
    .replace(/^[\s,;:.!-]+|[\s,;:-]+$/g, "")
    .replace(/\s*,\s*(and|so)?\s*$/i, "")
    .replace(/^(hi|hello|hey)\b[,!]?\s*/i, "")
    .replace(/^(please|so|basically|also)\b[,]?\s*/i, "")
    .trim();

/** A guess with the words that led to it, shown to the person so they can correct it. */
export interface Inferred<T> {
  value: T;
  reason: string;
}

const INCIDENT_WORDS =
  /\b(broken|broke|jam|jammed|jams|jamming|down|not working|isn'?t working|doesn'?t work|won'?t|can'?t|cannot|unable|error|errors|crash|crashes|crashing|crashed|fails?|failed|failing|stopped|slow|offline|outage|lost|stolen|hacked|virus|malware|phishing|blue screen|locked out|freez\w*|disconnect\w*|no (internet|wifi|wi-fi|email|power|sound|signal)|(nobody|no one|none of us)(\s+[\w']+){0,4}\s+can)\b/i;
const TASK_WORDS =
  /\b(schedule|scheduled|quarterly|monthly|weekly|renew|renewal|rotate|maintenance|review|audit|test restore|clean ?up|archive)\b/i;

export function inferType(text: string): Inferred<TicketType> {
  const incident = INCIDENT_WORDS.exec(text);
  if (incident) return { value: "INCIDENT", reason: `something is not working ("${incident[0]}")` };
  const task = TASK_WORDS.exec(text);
  if (task) return { value: "TASK", reason: `routine or scheduled work ("${task[0]}")` };
  return { value: "REQUEST", reason: "you are asking for something new or a change" };
}

const P1_WORDS =
  /\b(urgent|urgently|emergency|critical|asap|outage|ransomware|hacked|business (has |is )?stopped|(nobody|no one|none of us)(\s+[\w']+){0,4}\s+(can|is able)|everyone|whole (office|team|practice|firm|company)|all (users|staff|computers|of us))\b/i;
const P2_WORDS =
  /\b(high priority|important|major|several|many|can'?t work|cannot work|unable to work|locked out|clients? (are )?waiting|patients? (are )?waiting)\b/i;
const P4_WORDS = /\b(low priority|minor|no rush|whenever|when you (can|have time)|not urgent|cosmetic)\b/i;

export function inferPriority(text: string): Inferred<TicketPriority> {
  const explicit = /\bp([1-4])\b/i.exec(text);
  if (explicit)
    return { value: `P${explicit[1]}` as TicketPriority, reason: `you asked for ${explicit[0].toUpperCase()}` };
  const p1 = P1_WORDS.exec(text);
  if (p1) return { value: "P1", reason: `the business is stopped or it is urgent ("${p1[0]}")` };
  const p2 = P2_WORDS.exec(text);
  if (p2) return { value: "P2", reason: `it has a major impact ("${p2[0]}")` };
  const p4 = P4_WORDS.exec(text);
  if (p4) return { value: "P4", reason: `you said it can wait ("${p4[0]}")` };
  return { value: "P3", reason: "the default for a problem that does not stop the business" };
}

/**
 * A report that the business is stopped ("our whole office has no internet since 8am"): something is
 * not working and it stops everyone, said as a statement rather than asked as a question.
 */
export function isStoppedBusiness(message: string): boolean {
  const question =
    /\?\s*$/.test(message) || /^(how|what|why|when|who|where|which|is|are|do|does|can|could|should)\b/i.test(message);
  return !question && INCIDENT_WORDS.test(message) && inferPriority(message).value === "P1";
}

export const guessType = (text: string): TicketType => inferType(text).value;
export const guessPriority = (text: string): TicketPriority => inferPriority(text).value;

const TITLE_MAX = 70;

/** Spellings people type, as the ticket list shows them. */
const TERMS: [RegExp, string | ((match: string) => string)][] = [
  [/\bwi-?fi\b|\bwi fi\b/gi, "Wi-Fi"],
  [/\bvpn\b/gi, "VPN"],
  [/\boutlook\b/gi, "Outlook"],
  [/\bteams\b/gi, "Teams"],
  [/\bmicrosoft 365\b|\bm365\b|\bo365\b|\boffice 365\b/gi, "Microsoft 365"],
  [/\bmfa\b/gi, "MFA"],
  [/\bipads?\b/gi, (m) => (m.toLowerCase().endsWith("s") ? "iPads" : "iPad")],
  [/\biphones?\b/gi, (m) => (m.toLowerCase().endsWith("s") ? "iPhones" : "iPhone")],
  [/\bwon'?t\b|\bwill not\b|\bcan'?t\b|\bcan not\b/gi, "cannot"],
  [/\b(isn'?t|is not|doesn'?t|does not|aren'?t|are not) (working|work)\b/gi, "not working"],
  [/\s*!+/g, ""],
];

/**
 * A title that names the problem, as a technician would write it: the first clause of the person's words,
 * without "my"/"I" and the politeness, the usual spellings (Wi-Fi, VPN), capitalised, cut at a clause or
 * word boundary (never mid-word, never "...").
 */
export function titleFrom(problem: string): string {
  let title = problem
    .split(/(?<=[.!?])\s|\n/)[0]!
    .trim()
    .replace(/[.!?]+$/, "");
  title = title
    .replace(/^(i think|i guess|it seems( that)?|looks like|unfortunately|help[,!]?)\s*/i, "")
    .replace(/^(my|our|the|we have an?|there is an?|there'?s an?)\s+/i, "")
    .replace(/^i(?:'m| am)\s+/i, "")
    .replace(/^i\s+/i, "")
    .replace(/^(we|i) (need|want|would like)( to)?\s+(an?\s+)?/i, "")
    .replace(/^(\w+(?: \w+)?) being\b/i, "$1 is")
    .replace(/\b(my|our)\s+/gi, "");
  // The first clause names the problem; the rest ("nobody can work, it's urgent") is for the description.
  const clause = title.search(/[,;]| - /);
  if (clause >= 12) title = title.slice(0, clause);
  for (const [pattern, replacement] of TERMS)
    title = typeof replacement === "string" ? title.replace(pattern, replacement) : title.replace(pattern, replacement);
  if (title.length > TITLE_MAX) {
    const clause = title.slice(0, TITLE_MAX).search(/,|;| - | and (?!the\b)| because | since | when | but /i);
    title = clause >= 15 ? title.slice(0, clause) : title.slice(0, TITLE_MAX).replace(/\s+\S*$/, "");
  }
  title = title.replace(/[\s,;:-]+$/, "");
  return title.charAt(0).toUpperCase() + title.slice(1);
}

/** A draft from the user's own description; the description is their words, never padded. */
export function draftFrom(problem: string): TicketDraft & { reasons: { type: string; priority: string } } {
  const description = problem.trim();
  const type = inferType(description);
  const priority = inferPriority(description);
  return {
    title: titleFrom(description),
    description: description.charAt(0).toUpperCase() + description.slice(1),
    type: type.value,
    priority: priority.value,
    reasons: { type: type.reason, priority: priority.reason },
  };
}

/** The client form's own validation (clientTicketCreateInputSchema), requester = the signed-in user. */
export function validateDraft(draft: TicketDraft, user: Pick<SessionUser, "name" | "email">) {
  return clientTicketCreateInputSchema.safeParse({ ...draft, requesterName: user.name, requesterEmail: user.email });
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

/** The draft as the chat shows it (Markdown), with why its type and priority were chosen when known. */
export function describeDraft(draft: TicketDraft, reasons?: { type: string; priority: string }): string {
  const why = (reason: string | undefined) => (reason ? `, because ${reason}` : "");
  return [
    "Here is the ticket I can open for you:",
    "",
    `- **Title:** ${asText(draft.title)}`,
    `- **Type:** ${TICKET_TYPE_LABELS[draft.type]}${why(reasons?.type)}`,
    `- **Priority:** ${CLIENT_PRIORITY_LABELS[draft.priority]}${why(reasons?.priority)}`,
    `- **Description:** ${asText(draft.description.length > 400 ? `${draft.description.slice(0, 400)}…` : draft.description)}`,
    "",
    'Shall I open it? Reply "yes" to confirm or "no" to cancel, or tell me what to change ("make it urgent").',
  ].join("\n");
}

export function refusedDraft(messages: string[]): string {
  return `I need a little more before I can open that ticket (${messages.join("; ")}). What happens exactly, on which device or for whom, and since when? I'll add it to what you said.`;
}

const YES =
  /^\s*(yes|open the ticket|add the comment|add it|post it|send it|yep|yeah|yup|sure|ok|okay|confirm|confirmed|go ahead|do it|please do|please open it|open it|sounds good|correct|y)\b/i;
const NO = /^\s*(no|nope|nah|cancel|don'?t|do not|stop|never ?mind|forget it|n)\b/i;

export const isConfirmation = (message: string) => YES.test(message) && !NO.test(message);
export const isCancellation = (message: string) => NO.test(message);
