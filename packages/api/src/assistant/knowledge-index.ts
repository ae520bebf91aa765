// Retrieval over the provider's own content, as published (site-content/published.ts over @repo/content's
// knowledge.ts and promises.ts): every FAQ, service summary, what-you-get list, timeline and requirement
// list becomes a document with a ready answer. The index is rebuilt when another revision is published.
// MiniSearch ranks them (BM25 with prefix and fuzzy matching); a light stemmer and a stop-word list keep
// "devices"/"device" together and stop "how"/"the" from matching everything.
import MiniSearch from "minisearch";
import {
  addedPageFrom,
  COMPANY_FAQS,
  FEATURE_PAGES,
  formatPrice,
  inOwnWords,
  OFFERINGS,
  SERVICES,
  serviceFrom,
  type ServicePageView,
  type SiteContent,
  type SiteIdentity,
} from "@repo/content";
import type { DbExecutor } from "@repo/db";
import type { QuoteService } from "@repo/validators";
import { processTerm, tokenize } from "@repo/validators";
import { DEFAULT_CONTENT } from "../site-content/document.js";
import { readPublished } from "../site-content/published.js";

export interface KnowledgeDoc {
  id: string;
  /**
   * The service it belongs to, "page" for a page the provider added (its own name is its keyword),
   * "company" for the provider's general facts, "article" for the knowledge base's.
   */
  topic: QuoteService | "page" | "company" | "article";
  title: string;
  text: string;
  keywords: string;
  /** The sentence(s) the assistant says when this document is the best match. */
  answer: string;
  /** Where to read more. */
  path: string | null;
  /** The page shown as the answer's source ("From the Cloud Migration Lite page"). */
  source: { title: string; path: string } | null;
}

/** Words people use for each service, matched against a question to narrow the search to that service. */
export const SERVICE_ALIASES: Record<QuoteService, string[]> = {
  "email-deliverability": [
    "deliverability",
    "spam",
    "junk",
    "spf",
    "dkim",
    "dmarc",
    "blocklist",
    "blacklist",
    "bounce",
    "inbox placement",
  ],
  "intune-fast-start": [
    "fast start",
    "faststart",
    "intune",
    "identity & device",
    "identity and device",
    "entra",
    "enrol",
    "enroll",
  ],
  "cloud-migration-lite": [
    "cloud migration",
    "migration lite",
    "migrate",
    "migration",
    "google workspace",
    "switch platform",
    "cutover",
    "hypercare",
    "move to microsoft",
    "move to google",
  ],
  "security-hardening-sprint": [
    "security sprint",
    "hardening",
    "security hardening",
    "sprint",
    "conditional access",
    "laps",
    "bitlocker",
    "filevault",
    "mfa",
  ],
  "device-management": [
    "device management",
    "manage devices",
    "managing devices",
    "devices managed",
    "monitoring",
    "lost laptop",
    "stolen",
    "platforms",
  ],
  "email-collaboration": [
    "email & collaboration",
    "email and collaboration",
    "collaboration",
    "shared mailbox",
    "phishing",
    "email issue",
    "email problem",
    "email migration",
  ],
};

const list = (items: readonly string[]) => items.join("; ");
type PageView = Omit<ServicePageView, "quote">;
const more = (service: PageView) => ` More on the [${service.name} page](${service.path}).`;

/** A package's published price, as the pricing page prints it; null: quoted when you book. */
export function packagePrice(content: SiteContent, slug: QuoteService): number | null {
  return slug in content.packages ? content.packages[slug as keyof SiteContent["packages"]].priceCents : null;
}

/**
 * A service page's documents: one of the spec's (`topic` its service, its aliases the keywords) or one the
 * provider added (`topic` "page"), from the same view the page renders, so the two never disagree.
 */
function serviceDocs(
  service: PageView,
  priceCents: number | null,
  topic: QuoteService | "page",
  aliases: readonly string[],
): KnowledgeDoc[] {
  const keywords = `${service.name} ${aliases.join(" ")}`;
  const prefix = topic === "page" ? `page-${service.slug}` : topic;
  const doc = (id: string, title: string, text: string, answer: string): KnowledgeDoc => ({
    id: `${prefix}:${id}`,
    topic,
    title,
    text,
    keywords,
    answer,
    path: service.path,
    source: { title: `${service.name} page`, path: service.path },
  });
  const docs: KnowledgeDoc[] = [];
  const scope = service.scope.length ? ` Scope: ${list(service.scope)}.` : "";
  const badge = service.badge ? ` It takes ${service.badge}.` : "";
  const price = priceCents === null ? "" : ` Price: ${formatPrice(priceCents)}.`;
  docs.push(
    doc(
      "overview",
      `What is ${service.name}? Overview price cost scope`,
      `${service.summary} ${service.badge ?? ""} ${list(service.scope)}`,
      `${service.name}: ${service.summary}${badge}${scope}${price}${more(service)}`,
    ),
  );
  if (service.whatYouGet.length) {
    docs.push(
      doc(
        "what-you-get",
        `What do I get with ${service.name}? What is included, deliverables`,
        list(service.whatYouGet),
        `${service.name} includes: ${list(service.whatYouGet)}.${more(service)}`,
      ),
    );
  }
  if (service.howItWorks.length) {
    const steps = service.howItWorks.map((s, i) => `${i + 1}. ${s.title}: ${s.text}`).join(" ");
    docs.push(
      doc(
        "how-it-works",
        `How does ${service.name} work? Steps process`,
        steps,
        `How ${service.name} works: ${steps}${more(service)}`,
      ),
    );
  }
  if (service.timeline) {
    const entries = service.timeline.entries.map((e) => `${e.when}: ${e.what}`).join("; ");
    const note = service.timeline.note ? ` ${service.timeline.note}` : "";
    docs.push(
      doc(
        "timeline",
        `How long does ${service.name} take? Timeline schedule duration days`,
        `${service.timeline.title} ${entries}`,
        `${service.name} timeline (${service.timeline.title}): ${entries}.${note}${more(service)}`,
      ),
    );
  }
  if (service.whatWeNeed.length) {
    docs.push(
      doc(
        "what-we-need",
        `What do you need from me for ${service.name}? Requirements access prerequisites`,
        list(service.whatWeNeed),
        `For ${service.name} we need from you: ${list(service.whatWeNeed)}.${more(service)}`,
      ),
    );
  }
  if (service.securityMeasures) {
    const { identity, device } = service.securityMeasures;
    docs.push(
      doc(
        "measures",
        `Which security measures does ${service.name} cover? Identity protection device security`,
        `${list(identity)} ${list(device)}`,
        `Security measures covered by the ${service.name}: identity protection (${list(identity)}) and device security (${list(device)}).${more(service)}`,
      ),
    );
  }
  service.cards.forEach((card, i) => {
    docs.push(
      doc(
        `card-${i}`,
        `${service.name}: ${card.title}`,
        `${card.text} ${list(card.items)}`,
        `${service.name}, ${card.title.toLowerCase()}: ${card.text} It covers: ${list(card.items)}.${more(service)}`,
      ),
    );
  });
  service.faqs.forEach((faq, i) => {
    // "Both." or "Yes." means nothing without the question it answers: the reply repeats it.
    const answer = /^(yes|no|both)\b/i.test(faq.answer) ? `**${faq.question}** ${faq.answer}` : faq.answer;
    docs.push(doc(`faq-${i}`, faq.question, faq.answer, `${answer}${more(service)}`));
  });
  return docs;
}

function companyDocs(identity: SiteIdentity): KnowledgeDoc[] {
  const docs: KnowledgeDoc[] = COMPANY_FAQS.map((faq, i) => ({
    id: `company:faq-${i}`,
    topic: "company",
    title: faq.question,
    text: inOwnWords(faq.answer, identity),
    keywords: identity.name,
    answer: inOwnWords(faq.answer, identity),
    path: null,
    source: null,
  }));
  for (const offering of OFFERINGS) {
    docs.push({
      id: `company:offering-${offering.id}`,
      topic: "company",
      title: `${offering.name}: what is it, pricing`,
      text: offering.summary,
      keywords: offering.id.replace("-", " "),
      answer: `${offering.name}: ${offering.summary} Pricing: ${offering.pricing.toLowerCase()}.`,
      path: "/pricing",
      source: { title: "Pricing page", path: "/pricing" },
    });
  }
  for (const page of Object.values(FEATURE_PAGES)) {
    docs.push({
      id: `company:page-${page.path}`,
      topic: "company",
      title: `${page.title}: what do you offer`,
      text: `${page.summary} ${list(page.features)}`,
      keywords: page.title,
      answer: `${page.title}: ${page.summary} ${list(page.features)}. More on the [${page.title} page](${page.path}).`,
      path: page.path,
      source: { title: `${page.title} page`, path: page.path },
    });
  }
  return docs;
}

/**
 * The documents of a site's content: its services' pages (with the provider's copy), the pages it added
 * (their copy and offer's price) and its general facts.
 */
export function knowledgeDocs(content: SiteContent): KnowledgeDoc[] {
  const slugs = Object.keys(SERVICES) as QuoteService[];
  return [
    ...slugs.flatMap((slug) =>
      serviceDocs(serviceFrom(content, slug), packagePrice(content, slug), slug, SERVICE_ALIASES[slug]),
    ),
    ...content.addedPages.flatMap((page) =>
      serviceDocs(addedPageFrom(content, page.slug)!, page.offer?.priceCents ?? null, "page", [page.offer?.name ?? ""]),
    ),
    ...companyDocs(content.identity),
  ];
}

/** The built-in content's documents. */
export const KNOWLEDGE_DOCS: KnowledgeDoc[] = knowledgeDocs(DEFAULT_CONTENT);

export interface KnowledgeHit {
  doc: KnowledgeDoc;
  score: number;
  /** Share of the question's meaningful terms that this document matched (0-1). */
  coverage: number;
}

function indexOf(docs: KnowledgeDoc[]) {
  const index = new MiniSearch<KnowledgeDoc>({
    fields: ["title", "text", "keywords"],
    storeFields: [],
    processTerm,
    searchOptions: {
      boost: { title: 3, keywords: 2, text: 1 },
      prefix: (term) => term.length >= 4,
      // Typos in longer words only: short words would fuzzy-match unrelated ones.
      fuzzy: (term) => (term.length >= 6 ? 0.2 : false),
    },
  });
  index.addAll(docs);
  return { index, byId: new Map(docs.map((d) => [d.id, d])) };
}

export class KnowledgeBase {
  private index: MiniSearch<KnowledgeDoc>;
  private byId: Map<string, KnowledgeDoc>;
  /** The published revision the index was built from; undefined: not built from the published content. */
  private revisionId: string | null | undefined;

  /** `docs`: a fixed set (tests); without it, the built-in content's, followed by `published`. */
  constructor(private readonly docs?: KnowledgeDoc[]) {
    ({ index: this.index, byId: this.byId } = indexOf(docs ?? KNOWLEDGE_DOCS));
    if (!docs) this.revisionId = null;
  }

  /**
   * The published content, the index rebuilt from it first when another revision was published since
   * (once per publish, not per question; readPublished believes a read for 2 s). Call before searching.
   */
  async published(db: DbExecutor): Promise<SiteContent> {
    const { revisionId, content } = await readPublished(db);
    if (!this.docs && revisionId !== this.revisionId) {
      // Swapped whole between two awaits: a search (synchronous) sees one index or the other.
      ({ index: this.index, byId: this.byId } = indexOf(knowledgeDocs(content)));
      this.revisionId = revisionId;
    }
    return content;
  }

  /** The services a question names, by their aliases. */
  static servicesIn(question: string): QuoteService[] {
    const q = question.toLowerCase();
    return (Object.keys(SERVICE_ALIASES) as QuoteService[]).filter(
      (slug) =>
        q.includes(SERVICES[slug].name.toLowerCase()) ||
        SERVICE_ALIASES[slug].some((alias) => new RegExp(`\\b${alias}`).test(q)),
    );
  }

  /**
   * Best matches first; narrowed to the services the question names when it names any. `articles` (the
   * asker's candidate articles, assistant/articles.ts) are ranked with the pages for this search only:
   * added and removed within one synchronous call, so no other question ever sees them.
   */
  search(question: string, limit = 3, articles: KnowledgeDoc[] = []): KnowledgeHit[] {
    if (articles.length === 0) return this.rank(question, limit);
    this.index.addAll(articles);
    for (const d of articles) this.byId.set(d.id, d);
    try {
      return this.rank(question, limit);
    } finally {
      this.index.removeAll(articles);
      for (const d of articles) this.byId.delete(d.id);
    }
  }

  private rank(question: string, limit: number): KnowledgeHit[] {
    const services = KnowledgeBase.servicesIn(question);
    const asked = new Set(
      tokenize(question)
        .map(processTerm)
        .filter((t): t is string => !!t),
    );
    const run = (filter?: (r: { id: string }) => boolean) =>
      this.index.search(question, filter ? { filter } : {}).map((r) => ({
        doc: this.byId.get(r.id)!,
        score: r.score,
        coverage: asked.size ? new Set(r.queryTerms).size / asked.size : 0,
      }));
    const narrowed = services.length ? run((r) => services.includes(this.byId.get(r.id)!.topic as QuoteService)) : [];
    const everywhere = run();
    // A word shared by two services ("Google Workspace": migrations and email) must not hide the page
    // that answers the whole question: the unfiltered best wins when it matches more of the question.
    // Scores are comparable (one index): a page matching as much of the question and scoring twice as
    // high elsewhere is the better answer too.
    const top = everywhere[0];
    const first = narrowed[0];
    const elsewhere =
      !!top &&
      !!first &&
      (top.coverage > first.coverage || (top.coverage === first.coverage && top.score > 2 * first.score));
    const hits = narrowed.length && !elsewhere ? narrowed : everywhere;
    return hits.slice(0, limit);
  }
}
