// The content a provider edits in the staff portal (docs/features.md §20): checked on every save, so a
// draft is always a document the pages can render. The lists the spec fixes (five FAQs on a service page,
// the steps, the what-you-get points) keep the number of items of the defaults, @repo/content's
// defaultSiteContent(), which the caller passes in (@repo/content depends on this package, not the reverse).
import { z } from "zod";
import { optionalText, required } from "./fields.js";
import { text } from "./text.js";

const SHORT = 200;
const LONG = 2_000;

const line = (what: string, max = SHORT) => required(`${what} is required`, max);
const optional = (max = SHORT) => text(max).trim();

/** #rrggbb, lower-cased; the theme adjusts it for contrast (accessible-colors.ts in the web app). */
export const brandColourSchema = text(7)
  .trim()
  .toLowerCase()
  .regex(/^#[0-9a-f]{6}$/, "Enter the brand colour as #RRGGBB");

/**
 * The site's images (the logos): uploaded by an editor to POST /api/site-content/images and served, to
 * anyone, from /api/site/images/<id>. Pictures a browser shows, found by their content; no SVG, whose
 * scripts and outside references a logo shown on every page must not carry.
 */
export const SITE_IMAGE_LIMITS = {
  maxBytes: 1024 * 1024,
  types: ["image/png", "image/jpeg", "image/webp"],
} as const;

export const SITE_IMAGE_REFUSALS = {
  type: "Only PNG, JPEG or WebP images can be uploaded as a logo",
  size: "A logo is at most 1 MB",
};

/** Where a site image is served; a new upload gets a new id, so the address of one never changes. */
export const siteImagePath = (id: string): string => `/api/site/images/${id}`;

/** A logo: an image uploaded to the site (siteImagePath), or null for the built-in one. */
const logoUrl = z
  .string()
  .regex(/^\/api\/site\/images\/[0-9a-f-]{36}$/, "Upload the logo as an image")
  .nullable();

/** A link a page shows: http(s), or "#" (the spec's placeholders). */
const href = text(500)
  .trim()
  .refine((v) => v === "#" || /^https?:\/\/[^\s]+$/.test(v), "A link must start with https:// (or be #)");

export const siteIdentitySchema = z.object({
  name: line("The name", 100),
  legalName: optional(200),
  tagline: line("The tagline"),
  logo: z.object({ light: logoUrl, dark: logoUrl }),
  brandColour: brandColourSchema,
  address: z.object({
    street: optional(),
    city: line("The city", 100),
    region: optional(100),
    postalCode: optional(20),
    country: line("The country", 100),
  }),
  location: line("Where you are (as the pages say it)", 100),
  phone: line("The phone number", 40),
  email: text(254).trim().pipe(z.email("Please enter a valid enquiries address")),
  supportEmail: text(254).trim().pipe(z.email("Please enter a valid support address")),
  social: z.array(z.object({ label: line("A link's label", 40), href })).max(8, "At most 8 social links"),
  taxNumber: optional(40),
});

const faq = z.object({ question: line("A question", 300), answer: line("An answer", LONG) });
const step = z.object({ title: line("A step's title"), text: line("A step's text", LONG) });

/** A list the spec fixes the length of: the same number of items as the default. */
const sameCount = <T extends z.ZodType>(item: T, count: number, what: string) =>
  z.array(item).length(count, `${what}: keep the ${count} items the page shows`);

/** What the schema needs to know of the defaults: the keys, and the lengths of the fixed lists. */
export interface SiteContentShape<P extends string = string, S extends string = string> {
  packages: Record<P, unknown>;
  services: Record<S, ServiceShape>;
}
interface ServiceShape {
  whatYouGet: unknown[];
  howItWorks: unknown[];
  timeline: { entries: unknown[] } | null;
  faqs: unknown[];
}

function serviceCopySchema(d: ServiceShape) {
  return z.object({
    headline: line("The headline"),
    summary: line("The summary", LONG),
    whatYouGet: sameCount(line("A point", 500), d.whatYouGet.length, "What you get"),
    howItWorks: sameCount(step, d.howItWorks.length, "How it works"),
    timeline: d.timeline
      ? z.object({
          title: line("The timeline's title"),
          entries: sameCount(
            z.object({ when: line("When", 60), what: line("What happens", 500) }),
            d.timeline.entries.length,
            "The timeline",
          ),
          note: optionalText(500),
        })
      : z.null(),
    faqs: sameCount(faq, d.faqs.length, "The questions"),
    cta: z.object({ title: line("The closing title"), text: line("The closing text", 500) }),
  });
}

export const packageOfferSchema = z.object({
  name: line("The package's name", 100),
  duration: line("The duration", 60),
  durationNote: optional(100),
  limits: z.array(line("A limit", 200)).min(1, "List at least one limit").max(10, "At most 10 limits"),
  priceCents: z
    .number("Enter the price in dollars")
    .int("Enter the price in cents")
    .min(0, "A price cannot be negative")
    .max(100_000_000, "That price is too high")
    .nullable(),
});

/** At most this many added pages (@repo/content's MAX_ADDED_PAGES). */
export const MAX_ADDED_PAGES = 20;

/** An added page's copy: a service page's parts, lists of 1 to 10 items (the spec fixes none of them). */
const addedCopySchema = z.object({
  headline: line("The headline"),
  summary: line("The summary", LONG),
  whatYouGet: z.array(line("A point", 500)).max(10, "At most 10 points"),
  howItWorks: z.array(step).max(10, "At most 10 steps"),
  faqs: z.array(faq).min(1, "Add at least one question").max(10, "At most 10 questions"),
  cta: z.object({ title: line("The closing title"), text: line("The closing text", 500) }),
});

/** An added page's slug: /services/<slug>. */
export const addedPageSlugSchema = text(60)
  .trim()
  .min(1, { message: "The address is required", abort: true })
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Use lower-case letters, digits and single hyphens, e.g. backup-check");

/**
 * The pages a provider added (issue 42): each at /services/<slug>, a slug used once and not one of the
 * spec's pages under /services/ (`taken`), reported at the page's slug field.
 */
export function addedPagesSchemaFor(taken: readonly string[]) {
  return z
    .array(
      z.object({
        slug: addedPageSlugSchema,
        name: line("The page's name", 100),
        copy: addedCopySchema,
        offer: packageOfferSchema.nullable(),
      }),
    )
    .max(MAX_ADDED_PAGES, `At most ${MAX_ADDED_PAGES} added pages`)
    .superRefine((pages, ctx) => {
      const seen = new Set<string>();
      pages.forEach((page, i) => {
        if (taken.includes(page.slug))
          ctx.addIssue({
            code: "custom",
            path: [i, "slug"],
            message: `/services/${page.slug} is one of the site's own pages: choose another address`,
          });
        else if (seen.has(page.slug))
          ctx.addIssue({
            code: "custom",
            path: [i, "slug"],
            message: `Another added page is already at /services/${page.slug}`,
          });
        seen.add(page.slug);
      });
    });
}

const each = <K extends string, V, S extends z.ZodType>(values: Record<K, V>, schemaOf: (value: V) => S) =>
  z.strictObject(Object.fromEntries(Object.entries<V>(values).map(([k, v]) => [k, schemaOf(v)])) as Record<K, S>);

/** The whole document: what a draft saves and what publishing puts on the site. */
export function siteContentSchemaFor<P extends string, S extends string>(defaults: SiteContentShape<P, S>) {
  return z.object({
    identity: siteIdentitySchema,
    packages: each(defaults.packages, () => packageOfferSchema),
    services: each(defaults.services, serviceCopySchema),
    pricing: z.object({ subtitle: line("The subtitle", 500), note: line("The note", 500) }),
    /** Absent in a document stored before pages could be added: none. */
    addedPages: addedPagesSchemaFor(Object.keys(defaults.packages)).default([]),
  });
}

/** PUT /api/site-content/draft: the document, and the draft's version the editor started from. */
export function saveSiteDraftSchemaFor<P extends string, S extends string>(defaults: SiteContentShape<P, S>) {
  return z.object({
    content: siteContentSchemaFor(defaults),
    /** The draft's version when the editor loaded it; null when there was no draft. */
    baseVersion: z.number().int().nonnegative().nullable(),
  });
}

/** POST /api/site-content/publish: the draft's version the admin previewed. */
export const publishSiteDraftSchema = z.object({ version: z.number().int().nonnegative() });
