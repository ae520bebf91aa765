// What a provider edits in the staff portal (docs/features.md §20): who it is, its fixed-scope packages,
// and the copy of its service pages and of /pricing. The constants of this package are the defaults a fresh
// install starts with (the spec's texts); a published, stored document replaces them, field by field, in
// the pages, the mails, the JSON-LD and the assistant's answers. Plain data: the schema that checks an edit
// is @repo/validators' siteContentSchema.
import type { QuoteService } from "@repo/validators/labels";
import {
  PRICING_PAGE,
  type PricingPackage,
  SERVICES,
  type Faq,
  type ServiceContent,
  type ServiceStep,
  type TimelineEntry,
} from "./knowledge.js";
import { PACKAGES } from "./promises.js";
import { type Site, site } from "./site.js";

export type PackageSlug = keyof typeof PACKAGES;
export const PACKAGE_SLUGS = Object.keys(PACKAGES) as PackageSlug[];

export interface SiteIdentity {
  /** The name on every page, mail and invoice. */
  name: string;
  /** The registered name, on invoices; empty: the name. */
  legalName: string;
  tagline: string;
  /** Uploaded logos (/api/site/images/<id>); null: the built-in one. */
  logo: { light: string | null; dark: string | null };
  /** The brand colour as #rrggbb; the theme darkens it where text on it would miss WCAG AA. */
  brandColour: string;
  address: { street: string; city: string; region: string; postalCode: string; country: string };
  /** How the pages say where the provider is: "Toronto, Canada". */
  location: string;
  phone: string;
  /** Where enquiries go. */
  email: string;
  /** Where clients write for support (and what inbound mail is matched to). */
  supportEmail: string;
  social: { label: string; href: string }[];
  /** The tax (GST/HST) registration number printed on invoices; empty: none. */
  taxNumber: string;
}

export interface PackageOffer {
  name: string;
  duration: string;
  durationNote: string;
  limits: string[];
  /** A fixed price in cents, when the provider publishes one; null: "quoted when you book". */
  priceCents: number | null;
}

/** The parts of a service page a provider edits; the page's route, name and layout stay. */
export interface ServiceCopy {
  headline: string;
  summary: string;
  whatYouGet: string[];
  howItWorks: ServiceStep[];
  timeline: { title: string; entries: TimelineEntry[]; note?: string } | null;
  faqs: Faq[];
  cta: { title: string; text: string };
}

/** The copy of a page a provider added: a service page's parts, without the timeline only the spec's pages have. */
export type AddedPageCopy = Omit<ServiceCopy, "timeline">;

/**
 * A service page the provider added at /services/<slug> (issue 42): the spec's pages, routes and contact
 * form values stay; an added page has its own copy and, optionally, a package offer listed on /pricing
 * under "More packages". Its call to action goes to /contact with no service value.
 */
export interface AddedPage {
  /** Lower-case letters, digits and hyphens; not a spec page's slug. */
  slug: string;
  /** The name on /pricing and in the page's structured data. */
  name: string;
  copy: AddedPageCopy;
  offer: PackageOffer | null;
}

export interface SiteContent {
  identity: SiteIdentity;
  packages: Record<PackageSlug, PackageOffer>;
  services: Record<QuoteService, ServiceCopy>;
  pricing: { subtitle: string; note: string };
  /** Pages the provider added; empty on a fresh install. */
  addedPages: AddedPage[];
}

/** The brand colour of the built-in theme (Mantine's blue, the shade site-theme.ts uses on light backgrounds). */
export const DEFAULT_BRAND_COLOUR = "#1971c2";

const copyOf = (s: (typeof SERVICES)[QuoteService]): ServiceCopy => ({
  headline: s.headline,
  summary: s.summary,
  whatYouGet: [...s.whatYouGet],
  howItWorks: s.howItWorks.map((step) => ({ ...step })),
  timeline: s.timeline && {
    title: s.timeline.title,
    entries: s.timeline.entries.map((e) => ({ ...e })),
    ...(s.timeline.note === undefined ? {} : { note: s.timeline.note }),
  },
  faqs: s.faqs.map((f) => ({ ...f })),
  cta: { ...s.cta },
});

/** A fresh install's content: the texts the spec fixes. A new object each call, free to change. */
export function defaultSiteContent(): SiteContent {
  return {
    identity: {
      name: site.name,
      legalName: "",
      tagline: site.tagline,
      logo: { light: null, dark: null },
      brandColour: DEFAULT_BRAND_COLOUR,
      address: { street: "", city: site.city, region: site.region, postalCode: "", country: site.country },
      location: site.location,
      phone: site.phone,
      email: site.email,
      supportEmail: site.supportEmail,
      social: site.social.map((s) => ({ ...s })),
      taxNumber: "",
    },
    packages: Object.fromEntries(
      PACKAGE_SLUGS.map((slug) => [slug, { ...PACKAGES[slug], limits: [...PACKAGES[slug].limits], priceCents: null }]),
    ) as Record<PackageSlug, PackageOffer>,
    services: Object.fromEntries(
      (Object.keys(SERVICES) as QuoteService[]).map((slug) => [slug, copyOf(SERVICES[slug])]),
    ) as Record<QuoteService, ServiceCopy>,
    pricing: { subtitle: PRICING_PAGE.subtitle, note: PRICING_PAGE.note },
    addedPages: [],
  };
}

/** The `site` object the pages read (site.ts), for an identity: the name, addresses, phone and links. */
export function siteFrom(identity: SiteIdentity): Site {
  return {
    ...site,
    name: identity.name,
    adminPortalTitle: `${identity.name} Admin Portal`,
    tagline: identity.tagline,
    email: identity.email,
    supportEmail: identity.supportEmail,
    phone: identity.phone,
    location: identity.location,
    city: identity.address.city,
    region: identity.address.region,
    country: identity.address.country,
    social: identity.social,
  };
}

/**
 * A text written about the built-in provider (About's paragraphs, the pages' descriptions, the company
 * FAQs) in the words of `identity`: its name, phone and addresses where the text names the built-in ones.
 */
export function inOwnWords(text: string, identity: SiteIdentity): string {
  if (identity.name === site.name && identity.phone === site.phone && identity.email === site.email) return text;
  return text
    .replaceAll(site.name, identity.name)
    .replaceAll(site.phone, identity.phone)
    .replaceAll(site.email, identity.email)
    .replaceAll(site.location, identity.location);
}

/**
 * What the one service page layout shows: a spec page (slug and `quote` its contact form value) or an added
 * page (its own slug, `quote` null: its call to action goes to /contact without a service).
 */
export interface ServicePageView extends Omit<ServiceContent, "slug"> {
  slug: string;
  /** The contact form's `service` value of the page's "Get a quote"; null: plain /contact. */
  quote: QuoteService | null;
  /** An added page's published price, shown with its duration; the spec's pages leave theirs to /pricing. */
  priceCents?: number | null;
}

/** A service page as the site shows it: the page's layout and route, with the provider's copy and package. */
export function serviceFrom(content: SiteContent, slug: QuoteService): ServiceContent & ServicePageView {
  const base = SERVICES[slug];
  const copy = content.services[slug];
  const offer = slug in content.packages ? content.packages[slug as PackageSlug] : null;
  return {
    ...base,
    ...copy,
    timeline: copy.timeline ?? base.timeline,
    ...(offer ? { badge: offer.duration, scope: offer.limits } : {}),
    quote: slug,
  };
}

/** The route of an added page. */
export const addedPagePath = (slug: string): string => `/services/${slug}`;

/** An added page as the service page layout shows it; null for a slug the content has no page at. */
export function addedPageFrom(content: SiteContent, slug: string): ServicePageView | null {
  const page = content.addedPages.find((p) => p.slug === slug);
  if (!page) return null;
  return {
    slug: page.slug,
    quote: null,
    path: addedPagePath(page.slug),
    name: page.name,
    badge: page.offer?.duration ?? null,
    priceCents: page.offer?.priceCents ?? null,
    ...page.copy,
    cards: [],
    timeline: null,
    whatWeNeed: [],
    securityMeasures: null,
    scope: page.offer?.limits ?? [],
  };
}

/** /pricing as the site shows it: the provider's packages, prices and words. */
export type PricingPageView = Omit<typeof PRICING_PAGE, "subtitle" | "note" | "fixedScope"> & {
  subtitle: string;
  note: string;
  fixedScope: (PricingPackage & { priceCents: number | null })[];
  /** The added pages with an offer, in the document's order: /pricing's "More packages"; empty: no section. */
  morePackages: AddedPackage[];
};

/** An added page's offer as /pricing and the assistant show it. */
export interface AddedPackage {
  slug: string;
  path: string;
  name: string;
  summary: string;
  duration: string;
  durationNote: string;
  limits: readonly string[];
  priceCents: number | null;
}

/** The added pages that carry a package offer. */
export function addedPackagesOf(content: SiteContent): AddedPackage[] {
  return content.addedPages.flatMap((page) =>
    page.offer
      ? [
          {
            slug: page.slug,
            path: addedPagePath(page.slug),
            name: page.offer.name,
            summary: page.copy.summary,
            duration: page.offer.duration,
            durationNote: page.offer.durationNote,
            limits: page.offer.limits,
            priceCents: page.offer.priceCents,
          },
        ]
      : [],
  );
}

export function pricingPageFrom(content: SiteContent): PricingPageView {
  return {
    ...PRICING_PAGE,
    subtitle: content.pricing.subtitle,
    note: content.pricing.note,
    fixedScope: PRICING_PAGE.fixedScope.map((p) => {
      const offer = content.packages[p.slug];
      return {
        ...p,
        name: offer.name,
        duration: offer.duration,
        durationNote: offer.durationNote,
        limits: offer.limits,
        summary: content.services[p.slug].summary,
        priceCents: offer.priceCents,
      };
    }),
    morePackages: addedPackagesOf(content),
  };
}

/** "$1,250" or "$1,250.50": a package's price as the pages print it (CAD). */
export function formatPrice(cents: number): string {
  const dollars = cents / 100;
  return dollars.toLocaleString("en-CA", {
    style: "currency",
    currency: "CAD",
    currencyDisplay: "narrowSymbol",
    minimumFractionDigits: cents % 100 === 0 ? 0 : 2,
  });
}
