// The embedded engine: no network, no model. Rules recognise what the client asks about (its tickets, its
// devices, opening a ticket) and answer with the real figures from the portal's own queries; anything
// else is looked up in the knowledge base. When neither knows, it says so and offers to open a ticket.
import { DEVICE_MANAGEMENT_TIMELINES, site } from "@repo/content";
import { DEVICE_STATUS_LABELS, plural, type Device } from "@repo/validators";
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
  isTicketRequest,
  problemFromRequest,
  refusedDraft,
  reviseDraft,
  validateDraft,
} from "./drafts.js";
import { deviceName, formatDay, ticketLine, ticketStatusSentence } from "./format.js";
import { KnowledgeBase } from "./knowledge-index.js";
import type { Assistant, AssistantReply, AssistantRequest, TicketDraft } from "./types.js";

type Answer = Omit<AssistantReply, "engine">;

const OFFER_TICKET =
  'If you need help with it, I can open a support ticket for you: just say "open a ticket:" followed by what is wrong.';

export const UNKNOWN_ANSWER = `I'm sorry, I don't know the answer to that. I can answer questions about ${site.name}'s services, response times and packages, and about your company's tickets and devices. ${OFFER_TICKET}`;

const OWNERSHIP = /\b(our|my|we|us|mine|do we|i have|company'?s)\b/i;
const DEVICE_WORDS =
  /\b(devices?|laptops?|computers?|desktops?|pcs?|phones?|iphones?|tablets?|ipads?|macs?|macbooks?|servers?|equipment|inventory|hardware)\b/i;
/** "What does Tom use?", "what has Priya got": a person's devices without the word "device". */
const PERSON_USES = /\b(use|uses|using|have|has|got|assigned)\b/i;
const AT_RISK =
  /\b(at[- ]risk|risky|non-?compliant|compliance|compliant|unencrypted|not encrypted|without encryption|encryption (is )?off|not checked in|haven'?t checked in|stale|check-?ins?)\b/i;
const TICKET_COUNTS =
  /\b(how many|number of|count|total|summary|overview)\b.*\btickets?\b|\b(open|in progress|resolved|closed|active|pending|outstanding)\s+tickets\b|\bmy tickets\b|\bour tickets\b|\btickets? (do|have) (we|i)\b/i;
const TICKET_STATUS = /\b(ticket|status|update|progress|happening|news)\b/i;
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
const GREETING = /^(hi|hello|hey|good (morning|afternoon|evening)|bonjour|howdy)\b/i;
const THANKS = /^(thanks|thank you|thx|cheers|great,? thanks?)\b/i;
const CAPABILITIES = /^(help|what can you do|who are you|what are you)\b/i;

export class EmbeddedAssistant implements Assistant {
  readonly engine = "embedded" as const;

  constructor(private readonly knowledge = new KnowledgeBase()) {}

  async reply(request: AssistantRequest): Promise<AssistantReply> {
    const answer = await this.answer(request);
    request.stream?.delta(answer.content);
    return { ...answer, engine: this.engine };
  }

  private async answer(req: AssistantRequest): Promise<Answer> {
    const message = req.message.trim();
    const words = message.split(/\s+/).length;
    const firstName = req.user.name.split(" ")[0];

    if (req.pendingDraft) {
      const revised = reviseDraft(req.pendingDraft, message);
      if (revised) return this.validated(req, revised);
    }
    if (req.awaitingTicketDetails && !message.endsWith("?")) return this.draft(req, message);
    if (isTicketRequest(message)) {
      const problem = problemFromRequest(message);
      if (problem.length < 2) {
        return {
          content:
            "Of course. What is the problem? Describe what happens, where and since when, and I'll draft the ticket for you.",
          awaitingTicketDetails: true,
        };
      }
      return this.draft(req, problem);
    }
    if (words <= 5 && GREETING.test(message)) {
      return {
        content: `Hi ${firstName}! I'm the ${site.name} assistant. I can answer questions about our services, check your tickets and devices, and open a ticket for you. What can I help with?`,
      };
    }
    if (words <= 6 && THANKS.test(message)) return { content: "You're welcome! Anything else I can help with?" };
    if (CAPABILITIES.test(message)) {
      return {
        content: `I can tell you how many tickets ${req.companyName} has open, in progress or resolved, the status of a ticket (by its reference like #1a2b3c4d or words from its title), which devices are at risk or have warranties expiring, which devices a person has, and answer questions about ${site.name}'s services. I can also open a ticket for you: say "open a ticket:" followed by the problem.`,
      };
    }

    const reference = REFERENCE.exec(message);
    const ref = reference?.[1] ?? (reference?.[2] && /\d/.test(reference[2]) ? reference[2] : undefined);
    if (ref) return this.ticketByReference(req, ref);

    // A question naming one of our services is about the service, not about the client's own data.
    if (KnowledgeBase.servicesIn(message).length > 0) {
      const known = this.fromKnowledge(message);
      if (known) return known;
    }

    if (TICKET_COUNTS.test(message)) return this.ticketCounts(req);
    if (/\bwarrant/i.test(message)) return this.warranties(req);
    if (AT_RISK.test(message) && (DEVICE_WORDS.test(message) || /\bat[- ]risk\b/i.test(message)))
      return this.atRisk(req);

    const setup = this.setupTime(message);
    if (setup) return setup;

    if (DEVICE_WORDS.test(message) || PERSON_USES.test(message)) {
      const devices = await companyDevices(req.db, req.clientId, req.now);
      const person = this.personDevices(message, devices);
      if (person) return person;
      if (OWNERSHIP.test(message) && DEVICE_WORDS.test(message)) return this.deviceOverview(devices);
    }

    if (TICKET_STATUS.test(message)) {
      const found = await findTicketsByWords(req.db, req.clientId, message);
      if (found.length === 1) return { content: ticketStatusSentence(found[0]!) };
      if (found.length > 1) {
        return {
          content: `I found ${found.length} tickets that match:\n${found.map((t) => `- ${ticketStatusSentence(t)}`).join("\n")}`,
        };
      }
      if (/\bticket\b/i.test(message)) {
        const active = await activeTickets(req.db, req.clientId);
        const list = active.length
          ? ` Your active tickets are:\n${active.map((t) => `- ${ticketLine(t)}`).join("\n")}`
          : "";
        return {
          content: `I couldn't find a ticket matching that in ${req.companyName}'s tickets.${list}\nYou can also ask me by reference, for example "status of #1a2b3c4d".`,
        };
      }
    }

    return this.fromKnowledge(message) ?? { content: UNKNOWN_ANSWER };
  }

  private draft(req: AssistantRequest, problem: string): Answer {
    return this.validated(req, draftFrom(problem));
  }

  private validated(req: AssistantRequest, draft: TicketDraft): Answer {
    const valid = validateDraft(draft, req.user);
    if (!valid.success)
      return { content: refusedDraft(valid.error.issues.map((i) => i.message)), awaitingTicketDetails: true };
    return { content: describeDraft(draft), draft };
  }

  private fromKnowledge(question: string): Answer | null {
    const [best] = this.knowledge.search(question, 1);
    // Half of the question's meaningful words must match, or the "answer" would be a coincidence.
    if (!best || best.coverage < 0.5 || best.score < 5) return null;
    return { content: best.doc.answer };
  }

  private async ticketByReference(req: AssistantRequest, ref: string): Promise<Answer> {
    const ticket = await ticketByReference(req.db, req.clientId, ref);
    if (ticket) return { content: ticketStatusSentence(ticket) };
    return {
      content: `I can't find a ticket #${ref.toLowerCase()} among ${req.companyName}'s tickets. Check the reference on your dashboard (the last 8 characters of the ticket id).`,
    };
  }

  private async ticketCounts(req: AssistantRequest): Promise<Answer> {
    const c = await ticketCounts(req.db, req.clientId);
    const sentences = [
      `${req.companyName} has ${plural(c.open, "open ticket")} (new or triaged), ${c.inProgress} in progress and ${c.resolved} resolved or closed, ${plural(c.total, "ticket")} in total.`,
    ];
    const other = [
      c.waitingOnYou ? `${c.waitingOnYou} ${c.waitingOnYou === 1 ? "is" : "are"} waiting on your reply` : null,
      c.onHold ? `${c.onHold} ${c.onHold === 1 ? "is" : "are"} on hold` : null,
    ].filter(Boolean);
    if (other.length) sentences.push(`Of the others, ${other.join(" and ")}.`);
    const active = await activeTickets(req.db, req.clientId);
    if (active.length) sentences.push(`\nActive tickets:\n${active.map((t) => `- ${ticketLine(t)}`).join("\n")}`);
    return { content: sentences.join(" ") };
  }

  private async atRisk(req: AssistantRequest): Promise<Answer> {
    const devices = await companyDevices(req.db, req.clientId, req.now);
    const atRisk = devices.filter((d) => !d.complianceOk);
    if (atRisk.length === 0) {
      return {
        content: `None of your ${plural(devices.length, "device")} is at risk: every active device has encryption on and checked in within the last 30 days.`,
      };
    }
    const lines = atRisk.map((d) => `- ${deviceName(d)}: ${riskReasons(d, req.now).join(" and ")}`);
    // Offer the obvious next step as a ready draft: a "yes" opens it (chat.ts), anything else drops it.
    const draft: TicketDraft = {
      title: `Bring ${plural(atRisk.length, "device")} at risk back into compliance`,
      description: `Please fix these devices flagged at risk in our inventory:\n${lines.join("\n")}`,
      type: "REQUEST",
      priority: "P3",
    };
    return {
      content: `${plural(atRisk.length, "device")} of your ${devices.length} ${atRisk.length === 1 ? "is" : "are"} at risk (a device is compliant when disk encryption is on and it checked in within the last 30 days; retired devices are not counted):\n${lines.join("\n")}\nWould you like me to open a ticket to fix ${atRisk.length === 1 ? "it" : "them"}? Reply "yes" and I'll open "${draft.title}" (P3 Medium).`,
      draft,
    };
  }

  private async warranties(req: AssistantRequest): Promise<Answer> {
    const devices = await companyDevices(req.db, req.clientId, req.now);
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
    const text = message.toLowerCase();
    const people = [...new Set(devices.map((d) => d.assignedUser).filter((u): u is string => !!u))];
    const named = people.filter((person) => {
      const full = person.toLowerCase();
      if (new RegExp(`\\b${escapeRegExp(full)}\\b`).test(text)) return true;
      return full
        .split(/\s+/)
        .some(
          (part) =>
            part.length >= 3 && !NOT_NAMES.has(part) && new RegExp(`\\b${escapeRegExp(part)}('s)?\\b`).test(text),
        );
    });
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
          `- ${deviceName(d, { user: false })}: ${DEVICE_STATUS_LABELS[d.status]}${d.complianceOk ? "" : ", at risk"}`,
      );
      return `${person} has ${plural(own.length, "device")}:\n${lines.join("\n")}`;
    });
    return { content: sections.join("\n") };
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
      content: `Setting up ${plural(n, "device")} takes about ${bracket.time} (${bracket.devices}). Our device management timelines: ${all}. More on the Device Management page: /device-management.`,
    };
  }
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
