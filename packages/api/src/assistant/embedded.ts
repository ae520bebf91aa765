// The embedded engine: no network, no model. Rules recognise what the client asks about (its tickets, its
// devices, opening a ticket) and answer with the real figures from the portal's own queries; anything
// else is looked up in the knowledge base. When neither knows, it says so and offers to open a ticket.
import {
  DEVICE_MANAGEMENT_TIMELINES,
  PROMISES,
  site,
  supportTopicOf,
  type SiteContent,
  type SupportTopic,
} from "@repo/content";
import { clients } from "@repo/db";
import { DEVICE_STATUS_LABELS, plural, type Device, type DeviceStatus } from "@repo/validators";
import {
  activeTickets,
  companyDevices,
  devicesOfUser,
  findTicketsByWords,
  riskReasons,
  ticketByReference,
  ticketCounts,
} from "./company-data.js";
import { localDate } from "../sla/calendar.js";
import {
  describeDraft,
  draftFrom,
  inferPriority,
  isStoppedBusiness,
  isTicketRequest,
  problemFromRequest,
  refusedDraft,
  reviseDraft,
  validateDraft,
} from "./drafts.js";
import { asText, deviceName, formatDay, ticketLine, ticketLink, ticketStatusSentence } from "./format.js";
import {
  asksAboutOtherCompanies,
  commentText,
  isCommentRequest,
  isRuleOverride,
  otherCompaniesNamed,
  refusal,
  wantsPerson,
} from "./guards.js";
import { handoffAnswer } from "./handoff.js";
import { holidayAnswer } from "./holidays.js";
import { articleDocs } from "./articles.js";
import { KnowledgeBase, type KnowledgeDoc, type KnowledgeHit } from "./knowledge-index.js";
import { policyFact, serviceFact } from "./service-facts.js";
import type { Assistant, AssistantReply, AssistantRequest, TicketDraft } from "./types.js";

type Answer = Omit<AssistantReply, "engine">;

const URGENT_NOTE = `That stops your business, so I've drafted it as **P1 (critical)**: we answer P1 tickets within **${PROMISES.criticalResponse}**, around the clock, once you send it.`;

/** "Add a laptop for Maria": recording a device in the inventory, which the client does themselves. */
const ADD_DEVICE =
  /\b(add|register|record|enter|put)\b(\s+(in|a|an|the|new|another|our|my|one|more|\w+'s))*\s+(laptops?|desktops?|computers?|pcs?|macs?|macbooks?|devices?|printers?|phones?|iphones?|tablets?|ipads?|monitors?|servers?|workstations?)\b/i;

function addDeviceAnswer(message: string): Answer {
  const forWhom = /\bfor ([A-Z][\w'-]+)/.exec(message)?.[1];
  return {
    content: `You can add it yourself: open your [Device Inventory](/client/inventory) and choose **Add Device**, then fill in its name, type${forWhom ? `, who uses it (${forWhom})` : ", who uses it"}, serial number and warranty. If you'd also like us to set the device up (enrolment, accounts, software), I can open a request ticket for that.`,
    suggestions: [`Open a ticket: set up a new laptop${forWhom ? ` for ${forWhom}` : ""}`],
  };
}

const OFFER_TICKET =
  'If you need help with it, I can open a support ticket for you: just say "open a ticket:" followed by what is wrong.';

/** What the assistant says when nothing answers, in the name of the provider (`name`: its published name). */
export const unknownAnswer = (name: string) =>
  `I'm sorry, I don't know the answer to that. I can answer questions about ${name}'s services, response times and packages, and about your company's tickets and devices. ${OFFER_TICKET}`;

/** The built-in provider's. */
export const UNKNOWN_ANSWER = unknownAnswer(site.name);

const OWNERSHIP = /\b(our|my|we|us|mine|do we|i have|company'?s)\b/i;
const DEVICE_WORDS =
  /\b(devices?|laptops?|computers?|desktops?|pcs?|phones?|iphones?|tablets?|ipads?|macs?|macbooks?|servers?|machines?|workstations?|equipment|inventory|hardware|gear)\b/i;
/** "What does Tom use?", "what has Priya got": a person's devices without the word "device". */
const PERSON_USES = /\b(use|uses|using|have|has|got|assigned)\b/i;
const AT_RISK =
  /\b(at[- ]risk|risky|flagged|encrypted|encryption|non-?compliant|compliance|compliant|unencrypted|not encrypted|without encryption|encryption (is )?off|not checked in|haven'?t checked in|stale|check-?ins?)\b/i;
const TICKET_COUNTS =
  /\b(how many|number of|count|total|summary|overview)\b.*\btickets?\b|\b(open|in progress|resolved|closed|active|pending|outstanding)\s+tickets\b|\b(my|our)( \w+)? tickets\b|\btickets? (do|have) (we|i)\b/i;
const TICKET_STATUS = /\b(ticket|status|update|progress|happening|news|repl(y|ied)|answered|comments?)\b/i;
/** A question about a ticket's state, never a new request even when it names a topic ("the password ticket"). */
const TICKET_STATUS_ONLY = /\b(status|update|progress|news|happening)\b.*\bticket\b/i;
const WAITING_ON_YOU =
  /\bwaiting (on|for) (us|me|our|my)\b|\b(need|needs|needing) (our|my) (reply|input|answer|response)\b|\bdo (we|i) (need|have) to (reply|answer|respond)\b/i;
/** Words of a comment request that say nothing about which ticket is meant. */
const COMMENT_WORDS =
  /\b(add|post|leave|put|write|send|tell|a|an|the|comment|note|update|reply|message|to|on|in|team|please|can|you)\b/gi;
/** The quick replies offered with a greeting or an unknown answer. */
const STARTERS = [
  "How many open tickets do we have?",
  "Which of our devices are at risk?",
  "What are your business hours?",
];

const REFERENCE = /(?:#([0-9a-f]{8})\b|\b([0-9a-f]{8})\b)/i;
/** Name-like tokens that are places or roles in the inventory, not people. */
const NOT_NAMES = new Set([
  "server",
  "reception",
  "kiosk",
  "library",
  "file",
  "practice",
  "front",
  "desk",
  "office",
  "room",
  "mobile",
  "storage",
]);
/** Half of the question's meaningful words must match, or the "answer" would be a coincidence. */
const fits = (hit: KnowledgeHit) => hit.coverage >= 0.5 && hit.score >= 5;
const knowledgeAnswer = ({ doc }: KnowledgeHit): Answer => ({
  content: doc.answer,
  ...(doc.source ? { sources: [doc.source] } : {}),
});

const GREETING = /^(hi|hello|hey|good (morning|afternoon|evening)|bonjour|howdy)\b/i;
const THANKS = /^(thanks|thank you|thx|cheers|great,? thanks?)\b/i;
const CAPABILITIES = /^(help|what can you do|who are you|what are you)\b/i;

export class EmbeddedAssistant implements Assistant {
  readonly engine = "embedded" as const;

  /** What articleDocs found, per message (a request object lives for one message). */
  private readonly articleReads = new WeakMap<AssistantRequest, Map<string, Promise<KnowledgeDoc[]>>>();

  /** `readArticles`: where the asker's candidate articles come from (a test counts its calls). */
  constructor(
    private readonly knowledge = new KnowledgeBase(),
    private readonly readArticles: typeof articleDocs = articleDocs,
  ) {}

  async reply(request: AssistantRequest): Promise<AssistantReply> {
    const answer = await this.answer(request);
    request.stream?.delta(answer.content);
    return { ...answer, engine: this.engine };
  }

  /**
   * The first that answers, in this order: a refusal (nothing below may answer a question about another
   * company with this one's data), the conversation (drafts, a person, greetings), what we know (services,
   * support topics, policies), the company's own tickets and devices, then the knowledge base.
   */
  private async answer(req: AssistantRequest): Promise<Answer> {
    const message = req.message.trim();
    if (await this.mustRefuse(req, message)) return { content: refusal(req.companyName) };
    // The published content, and the index rebuilt from it when it changed: the pages' words.
    const content = await this.knowledge.published(req.db);
    const answer =
      (await this.conversation(req, message, content)) ??
      (await this.whatWeKnow(req, message, content)) ??
      (await this.companyData(req, message));
    if (answer) return answer;
    return (
      (await this.fromKnowledge(req, message)) ?? {
        content: unknownAnswer(content.identity.name),
        suggestions: ["Talk to a person", ...STARTERS.slice(0, 2)],
      }
    );
  }

  private async mustRefuse(req: AssistantRequest, message: string): Promise<boolean> {
    if (isRuleOverride(message) || asksAboutOtherCompanies(message)) return true;
    const names = await req.db.select({ name: clients.name }).from(clients);
    return (
      otherCompaniesNamed(
        message,
        names.map((c) => c.name),
        req.companyName,
      ).length > 0
    );
  }

  /** Drafts under way, a person asked for, a ticket or a comment requested, greetings and thanks. */
  private async conversation(req: AssistantRequest, message: string, content: SiteContent): Promise<Answer | null> {
    const name = content.identity.name;
    const words = message.split(/\s+/).length;
    const firstName = req.user.name.split(" ")[0];
    if (req.pendingDraft) {
      const revised = reviseDraft(req.pendingDraft, message);
      if (revised) return this.validated(req, revised);
    }
    if (wantsPerson(message)) return handoffAnswer(req);
    if (req.awaitingTicketDetails && !message.endsWith("?")) {
      // What they said before counts: the details add to it, and its first words stay the title.
      const before = req.partialProblem?.replace(/[.!?\s]+$/, "");
      return this.draft(req, before ? `${before}. ${message.charAt(0).toUpperCase()}${message.slice(1)}` : message);
    }
    if (isCommentRequest(message)) {
      const comment = await this.comment(req, message);
      if (comment) return comment;
    }
    if (isTicketRequest(message)) {
      const problem = problemFromRequest(message);
      if (problem.length < 2) {
        return {
          content:
            "Of course. What is the problem? Describe what happens, where and since when, and I'll draft the ticket for you.",
          awaitingTicketDetails: true,
        };
      }
      // Their own words name the problem: the draft is theirs; a help-desk topic only adds what we do.
      const drafted = this.draft(req, problem);
      const topic = supportTopicOf(problem);
      return topic && drafted.draft ? { ...drafted, content: `${topic.help}\n\n${drafted.content}` } : drafted;
    }
    // A stopped business is a P1: the draft comes first, answered within the critical response time.
    if (isStoppedBusiness(message)) {
      const drafted = this.draft(req, message);
      return drafted.draft?.priority === "P1"
        ? { ...drafted, content: `${URGENT_NOTE}\n\n${drafted.content}` }
        : drafted;
    }
    if (ADD_DEVICE.test(message)) return addDeviceAnswer(message);
    if (words <= 5 && GREETING.test(message)) {
      return {
        content: `Hi ${asText(firstName ?? "")}! I'm the ${name} assistant. I can answer questions about our services, check your tickets and devices, and open a ticket for you. What can I help with?`,
        suggestions: STARTERS,
      };
    }
    if (words <= 6 && THANKS.test(message)) return { content: "You're welcome! Anything else I can help with?" };
    if (CAPABILITIES.test(message)) {
      return {
        content: `I can:\n- tell you how many tickets ${asText(req.companyName)} has open, in progress or resolved, and the status of a ticket (by its reference like #1a2b3c4d or words from its title)\n- say which devices are at risk or have warranties expiring, and which devices a person has\n- answer questions about ${name}'s services, response times and hours\n- open a ticket or add a comment to one for you, or pass you to a person`,
        suggestions: STARTERS,
      };
    }

    return null;
  }

  /** A ticket by its reference, set-up times, support topics, our services and policies. */
  private async whatWeKnow(req: AssistantRequest, message: string, content: SiteContent): Promise<Answer | null> {
    const reference = REFERENCE.exec(message);
    const ref = reference?.[1] ?? (reference?.[2] && /\d/.test(reference[2]) ? reference[2] : undefined);
    if (ref) return this.ticketByReference(req, ref);

    const holiday = await holidayAnswer(req.db, message, req.now);
    if (holiday) return holiday;

    const setup = this.setupTime(message);
    if (setup) return setup;

    const topic = supportTopicOf(message);
    if (topic && !TICKET_STATUS_ONLY.test(message)) return this.supportTopic(req, topic, message);

    // A question naming one of our services is about the service, not about the client's own data.
    const fact = serviceFact(message, content) ?? policyFact(message, content);
    if (fact)
      return {
        content: fact.content,
        ...(fact.source ? { sources: [fact.source] } : {}),
        ...(fact.suggestions ? { suggestions: fact.suggestions } : {}),
      };
    if (KnowledgeBase.servicesIn(message).length > 0) {
      const known = await this.fromKnowledge(req, message);
      if (known) return known;
    }

    return null;
  }

  /** The company's own figures: tickets waiting on them, counts, warranties, devices, a ticket's status. */
  private async companyData(req: AssistantRequest, message: string): Promise<Answer | null> {
    if (WAITING_ON_YOU.test(message)) return this.waitingOnYou(req);
    if (TICKET_COUNTS.test(message)) return this.ticketCounts(req);
    if (/\bwarrant/i.test(message)) return this.warranties(req, message);
    if (AT_RISK.test(message) && (DEVICE_WORDS.test(message) || /\bat[- ]risk\b/i.test(message)))
      return this.atRisk(req);

    if (DEVICE_WORDS.test(message) || PERSON_USES.test(message)) {
      const devices = await companyDevices(req.db, req.scope, req.now);
      const person = this.personDevices(message, devices);
      if (person) return person;
      const byStatus = this.devicesByStatus(message, devices);
      if (byStatus) return byStatus;
      // "How do I add the printer to my laptop?" names a device but asks how: a how-to article answers it.
      if (OWNERSHIP.test(message) && DEVICE_WORDS.test(message))
        return (await this.fromKnowledge(req, message, { articlesOnly: true })) ?? this.deviceOverview(devices);
    }

    if (TICKET_STATUS.test(message)) {
      const found = await findTicketsByWords(req.db, req.scope, message);
      if (found.length === 1) return { content: ticketStatusSentence(found[0]!) };
      if (found.length > 1) {
        return {
          content: `I found ${found.length} tickets that match:\n${found.map((t) => `- ${ticketStatusSentence(t)}`).join("\n")}`,
        };
      }
      if (/\bticket\b/i.test(message)) {
        const active = await activeTickets(req.db, req.scope);
        const list = active.length
          ? ` Your active tickets are:\n${active.map((t) => `- ${ticketLine(t)}`).join("\n")}`
          : "";
        return {
          content: `I couldn't find a ticket matching that in ${asText(req.companyName)}'s tickets.${list}\nYou can also ask me by reference, for example "status of #1a2b3c4d".`,
        };
      }
    }

    return null;
  }

  private draft(req: AssistantRequest, problem: string): Answer {
    const { reasons, ...draft } = draftFrom(problem);
    return this.validated(req, draft, reasons);
  }

  private validated(req: AssistantRequest, draft: TicketDraft, reasons?: Answer["reasons"]): Answer {
    const valid = validateDraft(draft, req.user);
    if (!valid.success)
      return {
        content: refusedDraft(valid.error.issues.map((i) => i.message)),
        awaitingTicketDetails: true,
        ...(draft.description.trim() ? { partialProblem: draft.description } : {}),
      };
    return { content: describeDraft(draft, reasons), draft, ...(reasons ? { reasons } : {}) };
  }

  /** A help-desk request: what we do about it, and a ready draft in the person's words. */
  private supportTopic(req: AssistantRequest, topic: SupportTopic, words: string): Answer {
    const draft: TicketDraft = {
      title: topic.title(req.user.name),
      description: words.length >= 20 ? words.charAt(0).toUpperCase() + words.slice(1) : `${words} (${req.user.name})`,
      type: topic.type,
      priority: inferPriority(words).value === "P3" ? topic.priority : inferPriority(words).value,
    };
    const valid = validateDraft(draft, req.user);
    if (!valid.success) return { content: `${topic.help}\n\n${OFFER_TICKET}` };
    return {
      content: `${topic.help}\n\nI can open a ticket for it now.\n\n${describeDraft(draft, topic.reasons)}`,
      draft,
      reasons: topic.reasons,
    };
  }

  /** "Add a comment to the printer ticket: ...": the ticket found among the company's, the comment drafted. */
  private async comment(req: AssistantRequest, message: string): Promise<Answer | null> {
    const text = commentText(message);
    const reference = REFERENCE.exec(message);
    const ref = reference?.[1] ?? (reference?.[2] && /\d/.test(reference[2]) ? reference[2] : undefined);
    const where = message.slice(0, message.length - text.length);
    const found = ref
      ? [await ticketByReference(req.db, req.scope, ref)].filter((t) => t !== null)
      : await findTicketsByWords(req.db, req.scope, where.replace(COMMENT_WORDS, " "));
    // Two tickets match about as well ("the printer ticket" of two printers): a comment must not guess.
    if (found.length > 1) {
      return {
        content: `Which ticket should I add it to?\n${found.map((t) => `- ${ticketLink(t)}`).join("\n")}\nSay it again with the reference, for example "add a comment to #${found[0]!.reference}: ...".`,
      };
    }
    const ticket = found[0];
    if (!ticket) {
      if (!ref && !/\bticket\b/i.test(message)) return null;
      return {
        content: `I can't find ${ref ? `a ticket #${ref.toLowerCase()}` : "that ticket"} among ${asText(req.companyName)}'s tickets. Tell me its reference (like #1a2b3c4d) or words from its title.`,
      };
    }
    const link = ticketLink(ticket);
    if (text.length < 2) {
      return {
        content: `What would you like to add to ticket ${link}? Send it as "add a comment: ..." and I'll post it once you confirm.`,
      };
    }
    return {
      content: `I'll add this comment to ticket ${link}:\n\n> ${text.split("\n").map(asText).join("\n> ")}\n\nShall I post it? Reply "yes" to confirm or "no" to cancel.`,
      commentDraft: { ticketId: ticket.id, reference: ticket.reference, title: ticket.title, content: text },
    };
  }

  /**
   * The articles `req`'s asker may read for `question`, read once per message however many branches of
   * the answer ask for them (the services branch, the devices branch and the last resort may all look).
   */
  private articlesFor(req: AssistantRequest, question: string): Promise<KnowledgeDoc[]> {
    const byQuestion = this.articleReads.get(req) ?? new Map<string, Promise<KnowledgeDoc[]>>();
    this.articleReads.set(req, byQuestion);
    const docs = byQuestion.get(question) ?? this.readArticles(req.db, req.scope, question);
    byQuestion.set(question, docs);
    return docs;
  }

  /**
   * The best of the articles the asker may read, when it outranks every service page and fits the
   * question; otherwise (unless `articlesOnly`) the best page as before, so an article that ranks high
   * without fitting never hides the page that answers.
   */
  private async fromKnowledge(
    req: AssistantRequest,
    question: string,
    { articlesOnly = false } = {},
  ): Promise<Answer | null> {
    const [best] = this.knowledge.search(question, 1, await this.articlesFor(req, question));
    if (best?.doc.topic === "article" && fits(best)) return knowledgeAnswer(best);
    if (articlesOnly) return null;
    const [page] = this.knowledge.search(question, 1);
    return page && fits(page) ? knowledgeAnswer(page) : null;
  }

  private async waitingOnYou(req: AssistantRequest): Promise<Answer> {
    const waiting = (await activeTickets(req.db, req.scope, 50)).filter((t) => t.status === "WAITING_CUSTOMER");
    if (waiting.length === 0) return { content: "Nothing is waiting on you: no ticket needs your reply right now." };
    return {
      content: `${plural(waiting.length, "ticket")} ${waiting.length === 1 ? "is" : "are"} waiting on your reply:\n${waiting.map((t) => `- ${ticketLink(t)}`).join("\n")}`,
    };
  }

  private async ticketByReference(req: AssistantRequest, ref: string): Promise<Answer> {
    const ticket = await ticketByReference(req.db, req.scope, ref);
    if (ticket) return { content: ticketStatusSentence(ticket) };
    return {
      content: `I can't find a ticket #${ref.toLowerCase()} among ${asText(req.companyName)}'s tickets. Check the reference on your dashboard (the last 8 characters of the ticket id).`,
    };
  }

  private async ticketCounts(req: AssistantRequest): Promise<Answer> {
    const c = await ticketCounts(req.db, req.scope);
    const sentences = [
      `${req.companyName} has ${plural(c.open, "open ticket")} (new or triaged), ${c.inProgress} in progress and ${c.resolved} resolved or closed, ${plural(c.total, "ticket")} in total.`,
    ];
    const other = [
      c.waitingOnYou ? `${c.waitingOnYou} ${c.waitingOnYou === 1 ? "is" : "are"} waiting on your reply` : null,
      c.onHold ? `${c.onHold} ${c.onHold === 1 ? "is" : "are"} on hold` : null,
    ].filter(Boolean);
    if (other.length) sentences.push(`Of the others, ${other.join(" and ")}.`);
    const active = await activeTickets(req.db, req.scope);
    if (active.length) sentences.push(`\nActive tickets:\n${active.map((t) => `- ${ticketLine(t)}`).join("\n")}`);
    return { content: sentences.join(" ") };
  }

  private async atRisk(req: AssistantRequest): Promise<Answer> {
    const devices = await companyDevices(req.db, req.scope, req.now);
    const atRisk = devices.filter((d) => !d.complianceOk);
    if (atRisk.length === 0) {
      return {
        content: `None of your ${plural(devices.length, "device")} is at risk: every active device has encryption on and checked in within the last 30 days.`,
      };
    }
    const lines = atRisk.map((d) => `- ${deviceName(d)}: ${riskReasons(d).join(" and ")}`);
    // Offer the obvious next step as a ready draft: a "yes" opens it (chat.ts), anything else drops it.
    const draft: TicketDraft = {
      title: `Bring ${plural(atRisk.length, "device")} at risk back into compliance`,
      description: `Please fix these devices flagged at risk in our inventory:\n${lines.join("\n")}`,
      type: "REQUEST",
      priority: "P3",
    };
    return {
      content: `${plural(atRisk.length, "device")} of your ${devices.length} ${atRisk.length === 1 ? "is" : "are"} at risk (a device is compliant when disk encryption is on and it checked in within the last 30 days; retired devices are not counted):\n${lines.join("\n")}\nWould you like me to open a ticket to fix ${atRisk.length === 1 ? "it" : "them"}? Reply "yes" and I'll open "${asText(draft.title)}" (P3 Medium).`,
      draft,
    };
  }

  private async warranties(req: AssistantRequest, message: string): Promise<Answer> {
    const all = await companyDevices(req.db, req.scope, req.now);
    // "the warranty on Priya's MacBook": that person's devices, with their dates whatever they are.
    const people = peopleNamed(message, all);
    if (people.length) {
      const own = all.filter((d) => d.assignedUser && people.includes(d.assignedUser) && d.warrantyExpiry);
      const lines = own.map(
        (d) =>
          `- ${deviceName(d)}: warranty ${d.warrantyExpiring ? "**ends**" : "ends"} ${formatDay(d.warrantyExpiry!)}`,
      );
      if (lines.length) return { content: `Warranty dates:\n${lines.join("\n")}` };
    }
    const devices = all;
    const expiring = devices
      .filter((d) => d.warrantyExpiring)
      .sort((a, b) => a.warrantyExpiry!.localeCompare(b.warrantyExpiry!));
    if (expiring.length === 0)
      return { content: "No device has a warranty expiring within the next 30 days, and none has expired." };
    const today = localDate(req.now);
    const lines = expiring.map(
      (d) =>
        `- ${deviceName(d)}: ${d.warrantyExpiry! < today ? "expired" : "expires"} ${formatDay(d.warrantyExpiry!)}${d.status === "RETIRED" ? " (retired)" : ""}`,
    );
    return {
      content: `${plural(expiring.length, "device")} ${expiring.length === 1 ? "has a warranty" : "have warranties"} expiring within the next 30 days or already expired:\n${lines.join("\n")}`,
    };
  }

  /** "What devices does Priya have?": a person of the inventory named in the question. */
  private personDevices(message: string, devices: Device[]): Answer | null {
    const named = peopleNamed(message, devices);
    if (named.length === 0) {
      if (!DEVICE_WORDS.test(message)) return null;
      const asked = /\b(?:does|do|of|for|assigned to|has)\s+([A-Z][a-z]+(?:\s[A-Z][a-z]+)?)\b/.exec(message);
      if (asked && !/^(We|Our|My|You|I)$/.test(asked[1]!))
        return { content: `I can't find any device assigned to ${asked[1]} in your inventory.` };
      return null;
    }
    const sections = named.map((person) => {
      const own = devicesOfUser(devices, person);
      const lines = own.map(
        (d) =>
          `- ${deviceName(d, { user: false })}: ${DEVICE_STATUS_LABELS[d.status]}${d.complianceOk ? "" : `, **at risk**: ${riskReasons(d).join(" and ")}`}`,
      );
      return `${person} has ${plural(own.length, "device")}:\n${lines.join("\n")}`;
    });
    return { content: sections.join("\n") };
  }

  /** "Do we have any spare laptops?", "Which devices are in repair?": devices in one status, of one kind. */
  private devicesByStatus(message: string, devices: Device[]): Answer | null {
    const status = STATUS_WORDS.find(([re]) => re.test(message))?.[1];
    if (!status) return null;
    const kind = /\b(laptop|desktop|phone|tablet|server)s?\b/i.exec(message)?.[1]?.toLowerCase();
    const found = devices.filter((d) => d.status === status && (!kind || d.deviceType === kind));
    const what = `${kind ?? "device"}s`;
    if (found.length === 0) return { content: `You have no ${what} ${DEVICE_STATUS_LABELS[status].toLowerCase()}.` };
    return {
      content: `${plural(found.length, kind ?? "device")} ${found.length === 1 ? "is" : "are"} ${DEVICE_STATUS_LABELS[status].toLowerCase()}:\n${found.map((d) => `- ${deviceName(d, { status: false })}${d.location ? `, ${asText(d.location)}` : ""}`).join("\n")}`,
    };
  }

  private deviceOverview(devices: Device[]): Answer {
    const count = (f: (d: Device) => boolean) => devices.filter(f).length;
    const byType = new Map<string, number>();
    for (const d of devices) if (d.deviceType) byType.set(d.deviceType, (byType.get(d.deviceType) ?? 0) + 1);
    const types = [...byType].map(([type, n]) => plural(n, type)).join(", ");
    return {
      content:
        `You have ${plural(devices.length, "device")}: ${count((d) => d.status === "IN_USE")} in use, ${count((d) => d.status === "SPARE")} available (spare), ` +
        `${count((d) => d.status === "IN_REPAIR")} in repair and ${count((d) => d.status === "RETIRED")} retired.` +
        (types ? ` By type: ${types}.` : "") +
        ` ${count((d) => !d.complianceOk)} at risk and ${count((d) => d.warrantyExpiring)} with a warranty expiring or expired. The full list is on your Device Inventory page.`,
    };
  }

  /** "How long to set up 15 devices?": the device management timeline for that many devices. */
  private setupTime(message: string): Answer | null {
    const match = /\b(\d{1,4})\s+(devices|laptops|computers|machines|pcs|phones|tablets|desktops)\b/i.exec(message);
    if (!match || !/\b(how long|how much time|how quickly|how fast|take|timeline|when)\b/i.test(message)) return null;
    const n = Number(match[1]);
    const bracket =
      n <= 10
        ? DEVICE_MANAGEMENT_TIMELINES[0]
        : n <= 25
          ? DEVICE_MANAGEMENT_TIMELINES[1]
          : DEVICE_MANAGEMENT_TIMELINES[2];
    const all = DEVICE_MANAGEMENT_TIMELINES.map((t) => `${t.devices} in ${t.time}`).join(", ");
    return {
      content: `Setting up ${plural(n, "device")} takes about ${bracket.time} (${bracket.devices}). Our device management timelines: ${all}. More on the [Device Management page](/device-management).`,
      sources: [{ title: "Device Management page", path: "/device-management" }],
    };
  }
}

const STATUS_WORDS: [RegExp, DeviceStatus][] = [
  [/\b(spare|spares|available|unused|unassigned)\b/i, "SPARE"],
  [/\b(in repair|being repaired|repairs?|broken)\b/i, "IN_REPAIR"],
  [/\b(retired|decommissioned|old)\b/i, "RETIRED"],
];

/** The people of the inventory a message names, by full, first or last name. */
function peopleNamed(message: string, devices: Device[]): string[] {
  const text = message.toLowerCase();
  const people = [...new Set(devices.map((d) => d.assignedUser).filter((u): u is string => !!u))];
  return people.filter((person) => {
    const full = person.toLowerCase();
    if (new RegExp(`\\b${escapeRegExp(full)}\\b`).test(text)) return true;
    return full
      .split(/\s+/)
      .some(
        (part) => part.length >= 3 && !NOT_NAMES.has(part) && new RegExp(`\\b${escapeRegExp(part)}('s)?\\b`).test(text),
      );
  });
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
