// Direct answers to the questions clients ask most about a named service and about the provider's
// policies: how long, how many, per person, what is included, what we need, what it costs, hours, response
// times, contact. Retrieval alone picks the document most like the words ("How quickly can you fix our
// email deliverability?" looks like the How-It-Works steps); the facet of the question decides here. The
// facts are the published content's (KnowledgeBase.published), as the pages show them.
import {
  addedPagePath,
  COMPANY_FAQS,
  formatPrice,
  inOwnWords,
  PROMISES,
  SERVICES,
  serviceFrom,
  type SiteContent,
  type SiteIdentity,
} from "@repo/content";
import type { QuoteService } from "@repo/validators";
import { KnowledgeBase } from "./knowledge-index.js";

export interface Source {
  title: string;
  path: string;
}

export interface FactAnswer {
  content: string;
  source?: Source;
  /** The questions that usually come next, offered as quick replies. */
  suggestions?: string[];
}

const DURATION =
  /\b(how long|how quickly|how quick|how fast|how soon|turnaround|timeline|time ?frame|duration|how many (business |working )?days|take to|when (will|would|can) (it|you) be (done|finished|ready))\b/i;
const PER_UNIT =
  /\b(each|per|every)\s+(person|user|staff( member)?|member|employee|device|laptop|phone|computer|one)\b/i;
const LIMIT = /\b(how many|max(imum)?|limit|up to|number of|cap)\b/i;
const PRICE =
  /\b(cost|costs|price|prices|pricing|priced|fee|fees|charge|budget|expensive|cheap|how much (is|does|do|will|would|for))\b/i;
const INCLUDES = /\b(includ\w*|what do (i|we) get|deliverables?|what'?s in)\b/i;
const NEEDS =
  /\b(need from (me|us)|what (do|will|would) you need|what access|access do you need|prerequisites?|requirements?|provide|what should (i|we) (prepare|have))\b/i;

const pageSource = (slug: QuoteService): Source => ({
  title: `${SERVICES[slug].name} page`,
  path: SERVICES[slug].path,
});

/** An answer about one service the question names, when the question's facet is one we answer directly. */
export function serviceFact(question: string, content: SiteContent): FactAnswer | null {
  const [slug, ...others] = KnowledgeBase.servicesIn(question);
  if (!slug) return addedPageFact(question, content);
  if (others.length > 0) return null;
  const service = serviceFrom(content, slug);
  const pkg = slug in content.packages ? content.packages[slug as keyof SiteContent["packages"]] : null;
  const source = pageSource(slug);
  const facts = pkg ? [...pkg.limits] : [];

  if (PRICE.test(question)) {
    const duration = pkg ? ` It is a fixed-scope package of ${pkg.duration} (${pkg.durationNote}).` : "";
    if (pkg?.priceCents != null)
      return {
        content: `${service.name} costs **${formatPrice(pkg.priceCents)}**.${duration} The [pricing page](/pricing) lists every package and its scope.`,
        source,
      };
    return {
      content: `${service.name} is quoted when you book, for your team's size, with no bloated retainers.${duration} Ask us for a quote through the contact form or in a ticket; the [pricing page](/pricing) lists every package and its scope.`,
      source,
    };
  }
  if (PER_UNIT.test(question)) {
    const perUnit = facts.find((f) => /\bper (user|device)\b/i.test(f));
    if (perUnit) return { content: `${sentence(perUnit)} (${service.name}).`, source };
  }
  if (LIMIT.test(question) && !DURATION.test(question)) {
    const limits = facts.filter((f) => /^up to\b/i.test(f) || /\d/.test(f));
    if (limits.length) return { content: `${service.name}: ${limits.map(lower).join("; ")}.`, source };
  }
  const next = [`What do you need from us for ${service.name}?`, `How much does ${service.name} cost?`];
  if (DURATION.test(question)) {
    if (pkg) {
      return {
        content: `**${service.name}** takes **${pkg.duration}** ${pkg.durationNote}. It includes: ${facts.map(lower).join("; ")}.`,
        source,
        suggestions: next,
      };
    }
    if (service.timeline) {
      const entries = service.timeline.entries.map((e) => `${e.when}: ${e.what}`).join("; ");
      return { content: `${service.name}: ${entries}.`, source };
    }
    const faq = service.faqs.find((f) => /\bhow (long|quickly|fast)\b/i.test(f.question));
    if (faq) return { content: faq.answer, source };
  }
  if (NEEDS.test(question) && service.whatWeNeed.length) {
    return {
      content: `For ${service.name} we need from you:\n${service.whatWeNeed.map((n) => `- ${n}`).join("\n")}`,
      source,
    };
  }
  if (INCLUDES.test(question) && service.whatYouGet.length) {
    return { content: `${service.name} includes:\n${service.whatYouGet.map((n) => `- ${n}`).join("\n")}`, source };
  }
  return null;
}

const HOURS =
  /\b(business hours|opening hours|office hours|your hours|hours of|open|opening|close|closing|closed|weekends?|saturdays?|sundays?|holidays?|what time)\b/i;
const RESPONSE = /\b(sla|respond|response|reply|replies|get back|hear back|answer|someone (will )?(call|contact))\b/i;
const WHEN = /\b(how (quickly|fast|soon|long)|when|time|sla|until)\b/i;
const CRITICAL = /\b(p1|critical|urgent|emergency|outage|down|night|after hours|weekend|stopped)\b/i;
const EMAIL_ISSUE = /\bemail (issue|problem)s?\b|\b(issues?|problems?) with (our |my )?email\b/i;
const CONTACT =
  /\b(phone|call you|telephone|number|email address|your email|e-?mail you|contact|reach you|get in touch|book a consultation)\b/i;
const SIZE =
  /\b(size|how (big|small)|how many (people|employees|staff))\b.*\b(teams?|compan(y|ies)|business(es)?|clients?)\b/i;

/** A company FAQ's answer in the published identity's words (its name, phone, addresses). */
const faqOf = (identity: SiteIdentity) => (start: string) =>
  inOwnWords(COMPANY_FAQS.find((f) => f.question.startsWith(start))!.answer, identity);

/** The provider's policies: hours, response times (the SLA), contact details, team size. */
export function policyFact(question: string, { identity }: SiteContent): FactAnswer | null {
  const faq = faqOf(identity);
  if (KnowledgeBase.servicesIn(question).length > 0 && !RESPONSE.test(question)) return null;
  if (RESPONSE.test(question) && WHEN.test(question)) {
    if (EMAIL_ISSUE.test(question))
      return { content: `Email issues are answered within **${PROMISES.emailIssueResponse}**.` };
    if (CRITICAL.test(question)) return { content: faq("How fast do you respond to a critical issue") };
    return {
      content: `Our response times:\n- **Within ${PROMISES.replyWithin}**, ${PROMISES.replyDays}, for requests and normal tickets\n- **Within ${PROMISES.criticalResponse}**, around the clock, for P1 critical issues (business stopped)\n- **Within ${PROMISES.emailIssueResponse}** for email issues`,
    };
  }
  if (CONTACT.test(question) && !/\bticket\b/i.test(question)) {
    return {
      content: `Call us at **${identity.phone}** or email **${identity.email}**; we reply within ${PROMISES.replyWithin}, ${PROMISES.replyDays}. You can also use the [contact form](/contact) or open a ticket here.`,
    };
  }
  if (HOURS.test(question) && !/\b(ticket|device|laptop)s?\b/i.test(question)) {
    return { content: faq("What are your business hours?") };
  }
  if (SIZE.test(question)) return { content: faq("What size of business") };
  if (PRICE.test(question) && !/\b(ticket|device|laptop)s?\b/i.test(question))
    return { content: faq("How much do your services cost?"), source: { title: "Pricing page", path: "/pricing" } };
  return null;
}

/**
 * The price and duration of a page the provider added (issue 42), when the question names it: the same
 * offer /pricing lists under "More packages". Its other questions are the index's (knowledge-index.ts).
 */
function addedPageFact(question: string, content: SiteContent): FactAnswer | null {
  if (!PRICE.test(question) && !DURATION.test(question)) return null;
  const q = question.toLowerCase();
  const page = content.addedPages.find(
    (p) => q.includes(p.name.toLowerCase()) || (p.offer && q.includes(p.offer.name.toLowerCase())),
  );
  if (!page?.offer) return null;
  const { offer } = page;
  const source = { title: `${page.name} page`, path: addedPagePath(page.slug) };
  const duration = `It is a fixed-scope package of ${offer.duration}${offer.durationNote ? ` (${offer.durationNote})` : ""}.`;
  if (!PRICE.test(question))
    return { content: `**${offer.name}** takes **${offer.duration}** ${offer.durationNote}.`, source };
  const price =
    offer.priceCents === null
      ? `${offer.name} is quoted when you book, for your team's size.`
      : `${offer.name} costs **${formatPrice(offer.priceCents)}**.`;
  return {
    content: `${price} ${duration} The [pricing page](/pricing) lists every package and its scope.`,
    source,
  };
}

const lower = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);
const sentence = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
